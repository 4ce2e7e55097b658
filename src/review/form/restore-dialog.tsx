import { useEffect, useId, useRef, useState } from 'react';
import { readForm, readFormVersion } from '#review-api/form.ts';
import { call, messageOf } from '#review/lib/api.ts';
import { useEditedCall } from './edited-call.ts';
import { planRestore, type RestorePlan } from './restore-plan.ts';
import type { FormEditor } from './use-form-editor.ts';

type Reading =
  { kind: 'reading' } | { kind: 'unread'; message: string } | RestorePlan;

/**
 * Asks before restoring a version: what it brings back, as which version, and whether a draft is
 * thrown away. Esc or Cancel closes it; `onClose` hears either way.
 */
export function RestoreDialog({
  editor,
  version,
  onRestored,
  onClose,
}: {
  editor: FormEditor;
  version: number;
  onRestored: (restored: { version: number }) => void;
  onClose: () => void;
}) {
  const slug = useEditedCall();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [reading, setReading] = useState<Reading>({ kind: 'reading' });
  const [isRestoring, setIsRestoring] = useState(false);
  const [failure, setFailure] = useState('');
  const { hasChangesToPublish, saveState } = editor;
  const hasUnpublishedEdits = hasChangesToPublish || saveState !== 'saved';

  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  // Read afresh as the dialog opens: another admin may have published or saved since.
  useEffect(() => {
    let isOpen = true;
    Promise.all([
      call(readForm, { params: { slug } }),
      call(readFormVersion, { params: { slug, version: String(version) } }),
    ]).then(
      ([published, restoring]) => {
        if (isOpen)
          setReading(
            planRestore({
              published,
              restoring: restoring.config,
              hasUnpublishedEdits,
            }),
          );
      },
      (error: unknown) => {
        if (isOpen) setReading({ kind: 'unread', message: messageOf(error) });
      },
    );
    return () => {
      isOpen = false;
    };
    // Planned once, as it opens; an edit made behind the dialog cannot happen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);

  const close = () => dialog.current?.close();
  const restore = async () => {
    setIsRestoring(true);
    setFailure('');
    try {
      onRestored(await editor.restore(version));
      close();
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setIsRestoring(false);
    }
  };

  let content;
  if (reading.kind === 'reading')
    content = <p role="status">Reading version {version}…</p>;
  else if (reading.kind === 'unread')
    content = (
      <p role="alert">
        Version {version} could not be read: {reading.message}
      </p>
    );
  else if (reading.kind === 'same')
    content = (
      <p>
        Version {version} is the same as the published version: there is nothing
        to restore.
      </p>
    );
  else if (reading.kind === 'failing')
    content = (
      <p>
        Version {version} no longer passes the form’s check, so it cannot be
        published again as it is ({reading.issues[0]?.path}:{' '}
        {reading.issues[0]?.message}). Show it in the preview and make its
        changes in the draft instead.
      </p>
    );
  else
    content = (
      <>
        <p>
          Publish version {version} again as version {reading.nextVersion}? New
          visitors get it within seconds.
        </p>
        {reading.changes.length > 0 ? (
          <>
            <p id={`${id}-changes`}>It brings back:</p>
            <ul aria-labelledby={`${id}-changes`}>
              {reading.changes.map((change) => (
                <li key={change}>{change}</li>
              ))}
            </ul>
          </>
        ) : (
          <p>It differs from the published version only in details.</p>
        )}
        {reading.discardsDraft && (
          <p>
            The draft has changes that are not published
            {editor.draftSavedBy && ` (last saved by ${editor.draftSavedBy})`}.
            Restoring throws them away.
          </p>
        )}
      </>
    );

  return (
    <dialog
      ref={dialog}
      className="form-editor__dialog"
      aria-labelledby={`${id}-heading`}
      onClose={onClose}
    >
      <h2 id={`${id}-heading`}>Restore version {version}?</h2>
      {content}
      <p role="alert">{failure && `Not restored: ${failure}`}</p>
      <div className="form-editor__dialog-actions">
        {reading.kind === 'restore' && (
          <button
            type="button"
            className="button button--primary"
            disabled={isRestoring}
            onClick={() => void restore()}
          >
            {isRestoring
              ? 'Publishing…'
              : `${reading.discardsDraft ? 'Throw away the draft and publish' : 'Publish'} version ${version} as version ${reading.nextVersion}`}
          </button>
        )}
        <button type="button" className="button button--back" onClick={close}>
          {reading.kind === 'restore' ? 'Cancel' : 'Close'}
        </button>
      </div>
    </dialog>
  );
}
