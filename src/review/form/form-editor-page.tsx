import { useEffect, useMemo, useRef, useState } from 'react';
import './form-editor.css';
import type { WizardConfig } from '#engine/config-schema.ts';
import { languagesOf } from '#engine/languages/language-tags.ts';
import { OutcomeMessage } from '#review/lib/outcome-message.tsx';
import { useReviewPage } from '#review/lib/review-page-context.ts';
import { useDocumentTitle } from '#review/lib/use-document-title.ts';
import { EditedCallContext } from './edited-call.ts';
import { useMediaQuery } from '#review/lib/use-media-query.ts';
import { sections, type OutlineChange } from './editor-selection.ts';
import { EditorTopBar } from './editor-top-bar.tsx';
import { IssuesContext, ProblemsContext } from './form-fields.tsx';
import { OpenPart } from './open-part.tsx';
import { applyOutlineChange, changeInWords } from './outline-moves.ts';
import { PreviewPane, type PreviewVisit } from './preview-pane.tsx';
import { problemCounts, selectionOfProblem } from './problem-marks.ts';
import { describeProblems, type Problem } from './problem-words.ts';
import { StepsEditor } from './steps-editor.tsx';
import { useEditorSelection } from './use-editor-selection.ts';
import { useLeaveGuard } from './use-leave-guard.ts';
import { useFormEditor, type FormEditor } from './use-form-editor.ts';
import type { Translating } from './translation-languages.ts';
import { useLocalization } from './use-localization.ts';
import { usePreviewLanguage } from './use-preview-language.ts';

/** Wide enough for the outline, the open part and the preview side by side. */
const threeColumns = '(min-width: 1280px)';

/**
 * The form editor, for admins: the outline, the open part's settings, and the real wizard showing
 * it; of the call `slug` names, or of the default call.
 */
export function FormEditorPage({ slug }: { slug?: string | undefined }) {
  useDocumentTitle('Form');
  const { defaultCall } = useReviewPage();
  const call = slug ?? defaultCall;
  const editor = useFormEditor(call);
  useLeaveGuard(editor.saveState !== 'saved');
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
  return (
    <EditedCallContext value={call}>
      <Editor editor={editor} config={editor.config} />
    </EditedCallContext>
  );
}

function Editor({
  editor,
  config,
}: {
  editor: FormEditor;
  config: WizardConfig;
}) {
  const { selection, select, follow } = useEditorSelection(config);
  const isWide = useMediaQuery(threeColumns);
  const [isPreviewShown, setIsPreviewShown] = useState(false);
  // A published version shown in the preview instead of the draft, until asked back.
  const [viewed, setViewed] = useState<{
    version: number;
    config: WizardConfig;
  } | null>(null);
  // The preview opens the selected step, and again whenever another is selected; the top bar's
  // picker opens any step meanwhile.
  const [preview, setPreview] = useState<{
    followed: number;
    visit: PreviewVisit;
  }>({ followed: selection.step, visit: { count: 0, step: selection.step } });
  if (preview.followed !== selection.step)
    setPreview({
      followed: selection.step,
      visit: { count: preview.visit.count + 1, step: selection.step },
    });
  const problems = useMemo(
    () => describeProblems(config, editor.issues),
    [config, editor.issues],
  );
  const counts = useMemo(() => problemCounts(problems), [problems]);
  const localization = useLocalization(languagesOf(config).length > 1);
  const untranslated = useMemo(
    () => localization?.missingByLanguage(config) ?? [],
    [localization, config],
  );
  const [translating, setTranslating] = useState<Translating>({
    tag: null,
    onlyMissing: false,
  });
  const previewLanguage = usePreviewLanguage(
    viewed?.config ?? config,
    localization,
  );
  // The language being translated is the one the preview shows.
  const translate = (next: Translating) => {
    setTranslating(next);
    if (next.tag !== null) previewLanguage.choose(next.tag);
  };
  const showUntranslated = (tag: string) => {
    translate({ tag, onlyMissing: true });
    select({ ...selection, section: 'translations' });
    setIsPreviewShown(false);
  };

  // The bar's height, for the sticky preview beneath it: it wraps onto more lines on a narrower window.
  const main = useRef<HTMLElement>(null);
  useEffect(() => {
    const root = main.current;
    const bar = root?.querySelector('.form-editor__bar');
    if (!root || !bar) return;
    const observer = new ResizeObserver(() =>
      root.style.setProperty(
        '--form-editor-bar',
        `${bar.getBoundingClientRect().height}px`,
      ),
    );
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);

  // A problem shown from the list: its field gets focus once its block or section is drawn.
  const middle = useRef<HTMLElement>(null);
  const fieldToFocus = useRef<string | null>(null);
  useEffect(() => {
    const path = fieldToFocus.current;
    if (path === null) return;
    fieldToFocus.current = null;
    const field = middle.current?.querySelector<HTMLElement>(
      `[data-field="${CSS.escape(path)}"]`,
    );
    (field ?? middle.current)?.focus();
  });
  const showProblem = (problem: Problem) => {
    select(selectionOfProblem(problem, selection));
    setIsPreviewShown(false);
    fieldToFocus.current = problem.field ?? null;
  };
  // What the last move or removal did, said under the outline's heading.
  const [outcome, setOutcome] = useState('');
  const change = (made: OutlineChange) => {
    setOutcome(changeInWords(config, made));
    editor.edit((draft) => applyOutlineChange(draft, made));
    follow(made);
  };
  // A block moved to another step from its own settings: its row may be out of sight, so the words
  // saying where it went take focus.
  const isOutcomeToFocus = useRef(false);
  useEffect(() => {
    if (!isOutcomeToFocus.current) return;
    isOutcomeToFocus.current = false;
    document.getElementById('outline-outcome')?.focus();
  });
  const isShown = (column: 'editing' | 'preview') =>
    isWide || isPreviewShown === (column === 'preview');

  return (
    <IssuesContext value={editor.issues}>
      <ProblemsContext value={problems}>
        <main ref={main} className="form-editor" aria-labelledby="form-heading">
          <EditorTopBar
            editor={editor}
            config={config}
            problems={problems}
            previewStep={preview.visit.step}
            onPreviewStep={(step) =>
              setPreview({
                followed: selection.step,
                visit: { count: preview.visit.count + 1, step },
              })
            }
            onShowProblem={showProblem}
            untranslated={untranslated}
            onShowUntranslated={showUntranslated}
            isVersionsOpen={selection.section === 'versions'}
            onVersions={() => select({ ...selection, section: 'versions' })}
          />
          <OutcomeMessage
            outcome={editor.outcome}
            afterError={<StartAgain editor={editor} />}
          />
          {editor.baseVersion < editor.publishedVersion && (
            <div className="form-editor__behind" role="note">
              This draft
              {editor.draftSavedBy &&
                ` (last saved by ${editor.draftSavedBy})`}{' '}
              was started from version {editor.baseVersion}; version{' '}
              {editor.publishedVersion} has been published since, so publishing
              it would be refused. See what changed under Versions, or{' '}
              <StartAgain editor={editor} />
            </div>
          )}
          {!isWide && (
            <div className="form-editor__views" role="group" aria-label="Show">
              {(['editing', 'preview'] as const).map((column) => (
                <button
                  key={column}
                  type="button"
                  className="button button--outlined"
                  aria-pressed={isShown(column)}
                  onClick={() => setIsPreviewShown(column === 'preview')}
                >
                  {column === 'editing' ? 'Edit' : 'Preview'}
                </button>
              ))}
            </div>
          )}
          <div className="form-editor__columns">
            <div className="form-editor__left" hidden={!isShown('editing')}>
              <nav aria-label="Form settings" className="form-editor__sections">
                <ul>
                  {sections
                    .filter(([name]) => name !== 'versions')
                    .map(([name, label]) => (
                      <li key={name}>
                        <button
                          type="button"
                          className="form-editor__section-link"
                          aria-current={selection.section === name || undefined}
                          onClick={() =>
                            select({ ...selection, section: name })
                          }
                        >
                          {label}
                        </button>
                      </li>
                    ))}
                </ul>
              </nav>
              <StepsEditor
                editor={editor}
                selection={selection}
                problemCounts={counts}
                outcome={outcome}
                onSelect={select}
                onChange={change}
              />
            </div>
            <section
              ref={middle}
              tabIndex={-1}
              className="form-editor__middle"
              aria-label="Open part of the form"
              hidden={!isShown('editing')}
            >
              <OpenPart
                editor={editor}
                config={config}
                selection={selection}
                onChange={(made) => {
                  isOutcomeToFocus.current = true;
                  change(made);
                }}
                onView={setViewed}
                translating={translating}
                onTranslating={translate}
              />
            </section>
            <div className="form-editor__right" hidden={!isShown('preview')}>
              <PreviewPane
                config={previewLanguage.config}
                language={previewLanguage}
                visit={preview.visit}
                hasProblems={!viewed && problems.length > 0}
                viewing={viewed?.version ?? null}
                onBackToDraft={() => setViewed(null)}
              />
            </div>
          </div>
        </main>
      </ProblemsContext>
    </IssuesContext>
  );
}

/** Back to the published version, leaving a draft that cannot be published. */
function StartAgain({ editor }: { editor: FormEditor }) {
  return (
    <button
      type="button"
      className="button button--link"
      // reload says its own failure in the editor's outcome.
      onClick={() => void editor.reload()}
    >
      Start again from the published version
    </button>
  );
}
