import { useEffect, useId, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { platformKeys, platformNames } from '#engine/platforms.ts';
import { createCall, updateCall, type Call } from '#review-api/calls.ts';
import { ErrorText, Field, Hint } from '#web/components/field.tsx';
import { call } from '#review/lib/api.ts';
import {
  callChangesRequest,
  fieldsOf,
  newCallFields,
  newCallRequest,
  refusalErrors,
  slugFromTitle,
  type CallField,
  type CallFieldErrors,
  type CallFields,
} from './call-form.ts';

/** The viewer's time zone, named where dates are typed in it. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A new call (`editing` null), its form copied from another call's, or a call's settings to
 * change, in a dialog. What is typed stays through every refusal, which is said at its field.
 */
export function CallDialog({
  editing,
  calls,
  onDone,
  onClose,
}: {
  editing: Call | null;
  calls: readonly Call[];
  /** Saved: what came of it, in words. */
  onDone: (outcome: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const isNew = editing === null;
  const defaultSlug = calls.find((each) => each.default)?.slug ?? '';
  const [fields, setFields] = useState<CallFields>(() =>
    editing ? fieldsOf(editing) : newCallFields(defaultSlug),
  );
  // The address follows the title until it is typed itself.
  const [isSlugTyped, setIsSlugTyped] = useState(false);
  const [errors, setErrors] = useState<CallFieldErrors>({});
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  // A refusal takes the reader to its first field.
  useEffect(() => {
    dialog.current
      ?.querySelector<HTMLElement>('[aria-invalid="true"]')
      ?.focus();
  }, [errors]);

  const save = useMutation({
    mutationFn: (send: () => Promise<string>) => send(),
    onSuccess: (outcome) => {
      onDone(outcome);
      dialog.current?.close();
    },
    onError: (failure) => setErrors(refusalErrors(failure)),
  });
  const submit = () => {
    if (save.isPending) return;
    if (isNew) {
      const request = newCallRequest(fields);
      if ('errors' in request) return setErrors(request.errors);
      const { body } = request;
      const source = calls.find((each) => each.slug === body.copyFrom);
      save.mutate(async () => {
        await call(createCall, { body });
        return `“${body.title}” is made${source ? `; its form is a copy of “${source.title}”` : ''}.`;
      });
    } else {
      const request = callChangesRequest(fields);
      if ('errors' in request) return setErrors(request.errors);
      const { body } = request;
      save.mutate(async () => {
        await call(updateCall, { params: { slug: editing.slug }, body });
        return `“${body.title ?? editing.title}” is saved.`;
      });
    }
    setErrors({});
  };

  const set = (changes: Partial<CallFields>) =>
    setFields((before) => ({ ...before, ...changes }));
  const text = (name: Exclude<CallField, 'platforms'>) => ({
    className: 'input',
    value: fields[name],
    onChange: (event: { currentTarget: { value: string } }) =>
      set({ [name]: event.currentTarget.value }),
  });
  const heading = isNew ? 'New call' : `Settings of “${editing.title}”`;

  return (
    <dialog
      ref={dialog}
      className="bulk-decision call-dialog"
      aria-labelledby={`${id}-heading`}
      onClose={onClose}
    >
      <h2 id={`${id}-heading`} className="bulk-decision__heading">
        {heading}
      </h2>
      <form
        className="call-dialog__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Field label="Title" error={errors.title}>
          {(control) => (
            <input
              {...control}
              {...text('title')}
              maxLength={120}
              onChange={(event) => {
                const title = event.currentTarget.value;
                set(
                  isNew && !isSlugTyped
                    ? { title, slug: slugFromTitle(title) }
                    : { title },
                );
              }}
            />
          )}
        </Field>
        {isNew && (
          <Field
            label="Address"
            hint={`Its page: /apply/${fields.slug || '…'}. Lower-case letters, digits and hyphens; it cannot change later.`}
            error={errors.slug}
          >
            {(control) => (
              <input
                {...control}
                {...text('slug')}
                maxLength={63}
                autoCapitalize="none"
                spellCheck={false}
                onChange={(event) => {
                  setIsSlugTyped(true);
                  set({ slug: event.currentTarget.value });
                }}
              />
            )}
          </Field>
        )}
        <Field
          label="Summary"
          hint="One paragraph for the list of open calls."
          error={errors.summary}
        >
          {(control) => (
            <textarea
              {...control}
              {...text('summary')}
              className="input input--multiline"
              rows={3}
              maxLength={600}
            />
          )}
        </Field>
        <div className="call-dialog__row">
          <Field
            label="Opens"
            hint={`In your time (${timeZone}). Empty: open now.`}
            error={errors.opensAt}
          >
            {(control) => (
              <input {...control} {...text('opensAt')} type="datetime-local" />
            )}
          </Field>
          <Field
            label="Closes"
            hint={`In your time (${timeZone}). Empty: no closing date.`}
            error={errors.closesAt}
          >
            {(control) => (
              <input {...control} {...text('closesAt')} type="datetime-local" />
            )}
          </Field>
        </div>
        <Field
          label="Places"
          hint="How many creators the call takes; empty for no limit. Accepting beyond it asks first."
          error={errors.places}
        >
          {(control) => (
            <input {...control} {...text('places')} inputMode="numeric" />
          )}
        </Field>
        <fieldset className="call-dialog__rules">
          <legend className="field__label">Eligibility</legend>
          <p className="field__hint">
            Applications that miss a rule are still taken; the inbox marks them.
          </p>
          <Field
            label="Followers at least, on one platform"
            error={errors.minFollowers}
          >
            {(control) => (
              <input
                {...control}
                {...text('minFollowers')}
                inputMode="numeric"
              />
            )}
          </Field>
          <Field
            label="Countries"
            hint="Country codes, such as DE, AT, CH; empty for every country."
            error={errors.countries}
          >
            {(control) => (
              <input
                {...control}
                {...text('countries')}
                autoCapitalize="characters"
              />
            )}
          </Field>
          <fieldset
            className="call-dialog__platforms"
            aria-describedby={`${id}-platforms-hint`}
          >
            <legend className="field__label">Platforms</legend>
            <Hint
              id={`${id}-platforms-hint`}
              text="On at least one of these; none ticked for any platform."
            />
            <div className="call-dialog__choices">
              {platformKeys.map((platform) => (
                <label key={platform} className="checkbox">
                  <input
                    type="checkbox"
                    checked={fields.platforms.includes(platform)}
                    onChange={(event) =>
                      set({
                        platforms: event.currentTarget.checked
                          ? [...fields.platforms, platform]
                          : fields.platforms.filter(
                              (each) => each !== platform,
                            ),
                      })
                    }
                  />
                  {platformNames[platform]}
                </label>
              ))}
            </div>
            {errors.platforms && (
              <ErrorText
                id={`${id}-platforms-error`}
                message={errors.platforms}
              />
            )}
          </fieldset>
        </fieldset>
        {isNew && (
          <Field
            label="Copy the form of"
            hint="The new call starts with that call's published form; edit it afterwards."
            error={errors.copyFrom}
          >
            {(control) => (
              <select {...control} {...text('copyFrom')}>
                {calls.map((each) => (
                  <option key={each.slug} value={each.slug}>
                    {each.title}
                    {each.default ? ' (default)' : ''}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <p className="field__error" role="alert">
          {errors.form}
        </p>
        <div className="decision-message__actions">
          <button
            type="submit"
            className="button button--primary"
            aria-disabled={save.isPending}
          >
            {isNew ? 'Create call' : 'Save'}
          </button>
          <button
            type="button"
            className="button button--back"
            onClick={() => dialog.current?.close()}
          >
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
