import { useRef, useState } from 'react';
import type { WizardConfig } from '#engine/config-schema.ts';
import { readFormVersion } from '#review-api/form.ts';
import { call, messageOf } from '#review/lib/api.ts';
import { exactTime } from '#review/lib/format.ts';
import { OutcomeMessage, type Outcome } from '#review/lib/outcome-message.tsx';
import { RestoreDialog } from './restore-dialog.tsx';
import { useEditedCall } from './edited-call.ts';
import { useFormVersions, type FormEditor } from './use-form-editor.ts';

/** The published versions, each with what changed, to show in the preview or publish again. */
export function Versions({
  editor,
  onView,
}: {
  editor: FormEditor;
  onView: (viewed: { version: number; config: WizardConfig }) => void;
}) {
  const slug = useEditedCall();
  const versions = useFormVersions(slug);
  const [message, setMessage] = useState<Outcome | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  // The button that opened the dialog, where focus goes back when it closes.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <section
      className="form-editor__section"
      aria-labelledby="versions-heading"
    >
      <h2 id="versions-heading">Versions</h2>
      {versions.isError && <p role="alert">{messageOf(versions.error)}</p>}
      <OutcomeMessage outcome={message} />
      <ol className="form-editor__versions" reversed>
        {versions.data?.versions.map((version, index) => (
          <li key={version.version}>
            <strong>Version {version.version}</strong>{' '}
            {index === 0 && '(published) '}
            {exactTime(version.publishedAt)} by{' '}
            {version.publishedBy ?? 'the configuration file'}: {version.summary}{' '}
            <button
              type="button"
              className="form-editor__small"
              onClick={() =>
                void call(readFormVersion, {
                  params: { slug, version: String(version.version) },
                })
                  .then((read) =>
                    onView({
                      version: read.version,
                      config: read.config as WizardConfig,
                    }),
                  )
                  .catch((error: unknown) =>
                    setMessage({ text: messageOf(error), isError: true }),
                  )
              }
            >
              Show version {version.version} in the preview
            </button>{' '}
            {index > 0 && (
              <button
                type="button"
                className="form-editor__small"
                onClick={(event) => {
                  opener.current = event.currentTarget;
                  setMessage(null);
                  setRestoring(version.version);
                }}
              >
                Restore version {version.version}
              </button>
            )}
          </li>
        ))}
      </ol>
      {restoring !== null && (
        <RestoreDialog
          editor={editor}
          version={restoring}
          onRestored={(restored) =>
            setMessage({
              text: `Version ${restoring} is published again as version ${restored.version}.`,
              isError: false,
            })
          }
          onClose={() => {
            setRestoring(null);
            opener.current?.focus();
          }}
        />
      )}
    </section>
  );
}
