import { Link } from 'wouter';
import type { WizardConfig } from '#engine/config-schema.ts';
import { nothingToPublish } from '#review-api/form.ts';
import { useCalls } from '#review/lib/use-calls.ts';
import { useEditedCall } from './edited-call.ts';
import type { FormEditor } from './use-form-editor.ts';
import { ProblemList } from './problem-list.tsx';
import type { Problem } from './problem-words.ts';
import { SaveStatus } from './save-status.tsx';

/**
 * The editor's bar, in view while the page scrolls: the way back to the calls, the call's and the
 * form's title, the draft's state, undo and redo, which step the preview opens, the problems,
 * Publish and the versions.
 */
export function EditorTopBar({
  editor,
  config,
  problems,
  previewStep,
  onPreviewStep,
  onShowProblem,
  untranslated,
  onShowUntranslated,
  isVersionsOpen,
  onVersions,
}: {
  editor: FormEditor;
  config: WizardConfig;
  problems: readonly Problem[];
  previewStep: number;
  onPreviewStep: (step: number) => void;
  onShowProblem: (problem: Problem) => void;
  /** The languages with texts still to translate, which warn without stopping Publish. */
  untranslated: readonly { tag: string; words: string }[];
  onShowUntranslated: (tag: string) => void;
  isVersionsOpen: boolean;
  onVersions: () => void;
}) {
  const slug = useEditedCall();
  const callTitle = useCalls().data?.find((each) => each.slug === slug)?.title;
  const isPublishDisabled =
    problems.length > 0 || editor.isPublishing || !editor.hasChangesToPublish;
  return (
    <div className="form-editor__bar">
      {/* One narrow column: the bar keeps Publish on its first row at 1280 pixels. */}
      <div className="form-editor__title">
        <Link href="/calls" className="form-editor__back">
          ← Calls
        </Link>
        <h1 id="form-heading" className="form-editor__heading">
          <span className="form-editor__eyebrow">
            {callTitle ? `Form of ${callTitle}` : 'Form'}
          </span>{' '}
          <span className="form-editor__name">{config.title}</span>
        </h1>
      </div>
      <SaveStatus state={editor.saveState} error={editor.saveError} />
      <div className="form-editor__tools">
        <button
          type="button"
          className="button button--outlined"
          onClick={editor.undo}
          disabled={!editor.canUndo}
        >
          Undo
        </button>
        <button
          type="button"
          className="button button--outlined"
          onClick={editor.redo}
          disabled={!editor.canRedo}
        >
          Redo
        </button>
        {/* A label beside the select, not around it: one around it names the select by its
            options' words too. */}
        <div className="form-editor__picker">
          <label htmlFor="preview-step">Preview step</label>
          <select
            id="preview-step"
            value={previewStep}
            onChange={(event) => onPreviewStep(Number(event.target.value))}
          >
            {config.steps.map((step, index) => (
              <option key={index} value={index}>
                {index + 1}. {step.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="form-editor__publishing">
        {untranslated.length > 0 && (
          <ul
            className="form-editor__untranslated"
            aria-label="Warnings: texts not translated (publishing shows the form’s own words for them)"
          >
            {untranslated.map(({ tag, words }) => (
              <li key={tag}>
                <button
                  type="button"
                  className="button button--link"
                  onClick={() => onShowUntranslated(tag)}
                >
                  <span aria-hidden="true">⚠</span> {words}
                </button>
              </li>
            ))}
          </ul>
        )}
        {problems.length > 0 ? (
          <ProblemList
            problems={problems}
            config={config}
            onShow={onShowProblem}
          />
        ) : (
          <p id="publish-state" className="form-editor__problems-none">
            {editor.hasChangesToPublish ? 'No problems' : nothingToPublish}
          </p>
        )}
        <button
          type="button"
          className="button button--primary form-editor__publish"
          aria-describedby={
            problems.length > 0 ? 'problem-count' : 'publish-state'
          }
          disabled={isPublishDisabled}
          onClick={() => void editor.publish()}
        >
          {editor.isPublishing ? 'Publishing…' : 'Publish'}
        </button>
        <button
          type="button"
          className="button button--outlined"
          aria-pressed={isVersionsOpen}
          onClick={onVersions}
        >
          Versions
        </button>
      </div>
    </div>
  );
}
