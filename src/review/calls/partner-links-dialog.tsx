import { useEffect, useId, useRef, useState } from 'react';
import { Field } from '#web/components/field.tsx';
import type { Call } from '#review-api/calls.ts';
import {
  campaignParameters,
  campaignTags,
  embedSnippet,
  newPartnerFields,
  partnerLink,
  partnerProblems,
  refFromName,
  withTyped,
  type CampaignTag,
  type PartnerFields,
} from './partner-links.ts';
import { useCopy } from './use-copy.ts';

const tagLabels: Record<CampaignTag, string> = {
  source: 'Source',
  medium: 'Medium',
  campaign: 'Campaign',
};

/** What each output is called, in its Copy button and in what is announced. */
const outputs = {
  link: { label: 'Link', copy: 'Copy link' },
  snippet: { label: 'Embed code', copy: 'Copy code' },
} as const;

type Output = keyof typeof outputs;

/**
 * A call's link and embed line for a partner, or for the organisation's own site, in a dialog:
 * both follow every keystroke, and each has its Copy button.
 */
export function PartnerLinksDialog({
  of,
  onClose,
}: {
  of: Call;
  onClose: () => void;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState('');
  const [fields, setFields] = useState<PartnerFields>(newPartnerFields);
  // The reference follows the partner's name, and the tags the reference, until typed themselves.
  const [isRefTyped, setIsRefTyped] = useState(false);
  const [typed, setTyped] = useState<ReadonlySet<CampaignTag>>(new Set());
  const { outcome, copy, reset } = useCopy<Output>();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const change = (
    changes: Partial<PartnerFields>,
    typedNow: ReadonlySet<CampaignTag> = typed,
  ) => {
    setFields((before) => withTyped(before, changes, typedNow, of.slug));
    reset();
  };
  const problems = partnerProblems(fields);
  const isReady = Object.keys(problems).length === 0;
  const origin = window.location.origin;
  const texts: Record<Output, string> = {
    link: partnerLink(origin, of.slug, fields),
    snippet: embedSnippet(origin, of.slug, fields),
  };

  const output = (which: Output) => (
    <Field label={outputs[which].label}>
      {(control) => (
        <div className="staff__link-row">
          <textarea
            {...control}
            className="input input--multiline partner-links__output"
            readOnly
            rows={which === 'link' ? 2 : 3}
            value={texts[which]}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button
            type="button"
            className="button button--outlined"
            onClick={() => {
              const field = document.getElementById(control.id);
              if (field instanceof HTMLTextAreaElement) copy(which, field);
            }}
          >
            {outcome?.of === which && outcome.how === 'copied'
              ? 'Copied'
              : outputs[which].copy}
          </button>
        </div>
      )}
    </Field>
  );

  return (
    <dialog
      ref={dialog}
      className="bulk-decision call-dialog"
      aria-labelledby={`${id}-heading`}
      onClose={onClose}
    >
      <h2 id={`${id}-heading`} className="bulk-decision__heading">
        Links to “{of.title}”
      </h2>
      <div className="call-dialog__form">
        <p className="field__hint">
          For a partner’s own link or web page. Applications that come through
          them carry the reference, which the inbox filters on; the tags name
          the source in Insights. Without a reference: the organisation’s own.
        </p>
        <Field label="Partner’s name" hint="Suggests the reference.">
          {(control) => (
            <input
              {...control}
              className="input"
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                if (!isRefTyped)
                  change({ ref: refFromName(event.currentTarget.value) });
              }}
            />
          )}
        </Field>
        <Field
          label="Partner reference"
          hint="Recorded with each application as ref: lower-case letters, digits, - and _."
          error={problems.ref}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              value={fields.ref}
              autoCapitalize="none"
              spellCheck={false}
              onChange={(event) => {
                setIsRefTyped(true);
                change({ ref: event.currentTarget.value });
              }}
            />
          )}
        </Field>
        <fieldset className="call-dialog__rules">
          <legend className="field__label">Campaign tags</legend>
          <div className="call-dialog__row">
            {campaignTags.map((tag) => (
              <Field
                key={tag}
                label={`${tagLabels[tag]} (${campaignParameters[tag]})`}
                error={problems[tag]}
              >
                {(control) => (
                  <input
                    {...control}
                    className="input"
                    value={fields[tag]}
                    spellCheck={false}
                    onChange={(event) => {
                      const typedNow = new Set(typed).add(tag);
                      setTyped(typedNow);
                      change({ [tag]: event.currentTarget.value }, typedNow);
                    }}
                  />
                )}
              </Field>
            ))}
          </div>
        </fieldset>
        {isReady ? (
          output('link')
        ) : (
          <p className="field__hint">
            The link and the embed code show when the fields above are right.
          </p>
        )}
        <fieldset className="call-dialog__rules">
          <legend className="field__label">On a web page</legend>
          <p className="field__hint">
            One line pasted where the form should stand; the page’s own campaign
            tags reach the form.
          </p>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={fields.isPopup}
              onChange={(event) =>
                change({ isPopup: event.currentTarget.checked })
              }
            />
            Open the form in a dialog, behind a button
          </label>
          {fields.isPopup && (
            <Field label="Button text">
              {(control) => (
                <input
                  {...control}
                  className="input"
                  value={fields.button}
                  maxLength={60}
                  onChange={(event) =>
                    change({ button: event.currentTarget.value })
                  }
                />
              )}
            </Field>
          )}
          {isReady && output('snippet')}
        </fieldset>
        <p className="field__hint" role="status">
          {outcome &&
            (outcome.how === 'copied'
              ? `${outputs[outcome.of].label} copied.`
              : `${outputs[outcome.of].label} selected: press Ctrl+C, or ⌘C on a Mac, to copy it.`)}
        </p>
        <div className="decision-message__actions">
          <button
            type="button"
            className="button button--back"
            onClick={() => dialog.current?.close()}
          >
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}
