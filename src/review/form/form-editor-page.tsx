import { useEffect, useRef, useState } from 'react';
import './form-editor.css';
import type { WizardConfig } from '#engine/config-schema.ts';
import type { PreviewMessage } from '#web/preview/form-preview.tsx';
import { useDocumentTitle } from '#review/lib/use-document-title.ts';
import { IssuesContext } from './form-fields.tsx';
import { EmailSettings } from './email-settings.tsx';
import { GeneralSettings } from './general-settings.tsx';
import { ImagesSettings } from './images-settings.tsx';
import { TextsSettings } from './texts-settings.tsx';
import { ThemeSettings } from './theme-settings.tsx';
import { StepsEditor } from './steps-editor.tsx';
import { useLeaveGuard } from './use-leave-guard.ts';
import { Versions } from './versions-panel.tsx';
import { useFormEditor, type SaveState } from './use-form-editor.ts';

const saveWords: Record<SaveState, string> = {
  saved: 'Draft saved',
  unsaved: 'Changes not saved yet',
  saving: 'Saving the draft…',
  failed: 'The draft could not be saved',
};

const sections = [
  'General',
  'Steps',
  'Texts',
  'Colours',
  'Images',
  'E-mails',
  'Versions',
] as const;
type Section = (typeof sections)[number];

/** The form editor, for admins: the form on the left, the real wizard showing it on the right. */
export function FormEditorPage() {
  useDocumentTitle('Form');
  const editor = useFormEditor();
  useLeaveGuard(editor.saveState !== 'saved');
  const [section, setSection] = useState<Section>('Steps');
  // A published version shown in the preview instead of the draft, until asked back.
  const [viewed, setViewed] = useState<{
    version: number;
    config: WizardConfig;
  } | null>(null);
  const { undo, redo } = editor;
  // Ctrl+Z and Ctrl+Shift+Z (Cmd on a Mac), outside a text field, which has its own undo.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z')
        return;
      const target = event.target as HTMLElement;
      if (target.closest('input, textarea, select')) return;
      event.preventDefault();
      if (event.shiftKey) redo();
      else undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);

  if (editor.loadError)
    return (
      <main className="inbox">
        <p role="alert">{editor.loadError}</p>
      </main>
    );
  if (!editor.config) return <main className="inbox" aria-busy="true" />;
  const problemCount = editor.issues.length;
  return (
    <IssuesContext value={editor.issues}>
      <main className="form-editor" aria-labelledby="form-heading">
        <div className="form-editor__bar">
          <h1 id="form-heading">Form</h1>
          <button
            type="button"
            onClick={editor.undo}
            disabled={!editor.canUndo}
          >
            Undo
          </button>
          <button
            type="button"
            onClick={editor.redo}
            disabled={!editor.canRedo}
          >
            Redo
          </button>
          <p className="form-editor__save" role="status">
            {saveWords[editor.saveState]}
            {editor.saveState === 'failed' && `: ${editor.saveError}`}
          </p>
          <p className="form-editor__problems">
            {problemCount === 0
              ? 'No problems'
              : `${problemCount} problem${problemCount === 1 ? '' : 's'} to fix before publishing`}
          </p>
          <button
            type="button"
            className="form-editor__publish"
            disabled={problemCount > 0 || editor.isPublishing}
            onClick={() => void editor.publish()}
          >
            {editor.isPublishing ? 'Publishing…' : 'Publish'}
          </button>
        </div>
        <p role="status" className="inbox__outcome">
          {editor.outcome && !editor.outcome.isError && editor.outcome.text}
        </p>
        <div role="alert" className="inbox__outcome error">
          {editor.outcome?.isError && (
            <>
              {editor.outcome.text}{' '}
              <button type="button" onClick={() => void editor.reload()}>
                Start again from the published version
              </button>
            </>
          )}
        </div>
        {editor.baseVersion < editor.publishedVersion && (
          <div className="form-editor__behind" role="note">
            This draft
            {editor.draftSavedBy &&
              ` (last saved by ${editor.draftSavedBy})`}{' '}
            was started from version {editor.baseVersion}; version{' '}
            {editor.publishedVersion} has been published since, so publishing it
            would be refused. See what changed under Versions, or{' '}
            <button type="button" onClick={() => void editor.reload()}>
              Start again from the published version
            </button>
          </div>
        )}
        <div className="form-editor__panes">
          <div className="form-editor__editing">
            <nav aria-label="Parts of the form" className="form-editor__tabs">
              {sections.map((name) => (
                <button
                  key={name}
                  type="button"
                  aria-pressed={section === name}
                  onClick={() => setSection(name)}
                >
                  {name}
                </button>
              ))}
            </nav>
            {section === 'General' && <GeneralSettings editor={editor} />}
            {section === 'Steps' && <StepsEditor editor={editor} />}
            {section === 'Texts' && <TextsSettings editor={editor} />}
            {section === 'Colours' && <ThemeSettings editor={editor} />}
            {section === 'Images' && <ImagesSettings editor={editor} />}
            {section === 'E-mails' && <EmailSettings editor={editor} />}
            {section === 'Versions' && (
              <Versions editor={editor} onView={setViewed} />
            )}
          </div>
          <Preview
            config={viewed?.config ?? editor.config}
            hasProblems={!viewed && problemCount > 0}
            viewing={viewed?.version ?? null}
            onBackToDraft={() => setViewed(null)}
          />
        </div>
      </main>
    </IssuesContext>
  );
}

/** The preview frame: the workspace's own page at /review/form/preview, running the wizard's code. */
function Preview({
  config,
  hasProblems,
  viewing,
  onBackToDraft,
}: {
  /** The form as edited, which the preview checks and shows when it passes. */
  config: WizardConfig;
  hasProblems: boolean;
  /** The published version shown instead of the draft, if any. */
  viewing: number | null;
  onBackToDraft: () => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [isReady, setIsReady] = useState(false);
  const [width, setWidth] = useState<'phone' | 'desktop'>('phone');
  const [visit, setVisit] = useState({ count: 0, step: 0 });
  useEffect(() => {
    const onMessage = (event: MessageEvent<{ type?: string }>) => {
      if (
        event.origin === window.location.origin &&
        event.source === frame.current?.contentWindow &&
        event.data.type === 'form-preview-ready'
      )
        setIsReady(true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  // Dispatched into the frame rather than posted: a posted message waits for a task of its own,
  // after the editor has painted, so the preview showed each letter a frame (and whatever was
  // queued meanwhile) after the field did. Dispatched during the keystroke, the frame renders it at
  // once and both paint in the same frame. The frame is same-origin, and the event carries the
  // origin and source it checks, as a posted one would.
  useEffect(() => {
    if (!isReady) return;
    frame.current?.contentWindow?.dispatchEvent(
      new MessageEvent('message', {
        data: {
          type: 'form-preview',
          config,
          visit: visit.count,
          step: visit.step,
        } satisfies PreviewMessage,
        origin: window.location.origin,
        source: window,
      }),
    );
  }, [isReady, config, visit]);
  const steps = config.steps;
  return (
    <section className="form-editor__preview" aria-labelledby="preview-heading">
      <h2 id="preview-heading">Preview</h2>
      <div className="form-editor__preview-bar">
        <button
          type="button"
          aria-pressed={width === 'phone'}
          onClick={() => setWidth('phone')}
        >
          Phone
        </button>
        <button
          type="button"
          aria-pressed={width === 'desktop'}
          onClick={() => setWidth('desktop')}
        >
          Desktop
        </button>
        <label>
          Open step{' '}
          <select
            value={visit.step}
            onChange={(event) =>
              setVisit({
                count: visit.count + 1,
                step: Number(event.target.value),
              })
            }
          >
            {steps.map((step, index) => (
              <option key={step.name} value={index}>
                {index + 1}. {step.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {viewing !== null && (
        <p className="form-editor__note">
          Showing version {viewing}, not your draft.{' '}
          <button type="button" onClick={onBackToDraft}>
            Back to the draft
          </button>
        </p>
      )}
      {hasProblems && (
        <p className="form-editor__note">
          The preview shows the form as it was before the problems listed.
        </p>
      )}
      <iframe
        ref={frame}
        title="Preview of the form"
        src="/review/form/preview"
        className={`form-editor__frame form-editor__frame--${width}`}
      />
    </section>
  );
}
