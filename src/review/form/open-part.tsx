import type { WizardConfig } from '#engine/config-schema.ts';
import type { FormEditor } from './use-form-editor.ts';
import { EditorContext, OpenBlock } from './block-editor.tsx';
import type {
  EditorSelection,
  OutlineChange,
  Section,
} from './editor-selection.ts';
import { EmailSettings } from './email-settings.tsx';
import { GeneralSettings } from './general-settings.tsx';
import { ImagesSettings } from './images-settings.tsx';
import { blockTitle, kindLabel } from './block-kinds.ts';
import { endOfStep } from './outline-moves.ts';
import { StepSettings } from './step-settings.tsx';
import { TextsSettings } from './texts-settings.tsx';
import { ThemeSettings } from './theme-settings.tsx';
import { TranslationsView, type Translating } from './translations-view.tsx';
import { Versions } from './versions-panel.tsx';

/** The settings sections, each its own editor. */
const sectionEditors: Record<
  Exclude<Section, 'steps' | 'versions' | 'translations'>,
  (props: { editor: FormEditor }) => React.ReactNode
> = {
  general: GeneralSettings,
  texts: TextsSettings,
  colours: ThemeSettings,
  images: ImagesSettings,
  emails: EmailSettings,
};

/** The editor's middle column: the open block's settings, the open step's, or a section's. */
export function OpenPart({
  editor,
  config,
  selection,
  onChange,
  onView,
  translating,
  onTranslating,
}: {
  editor: FormEditor;
  config: WizardConfig;
  selection: EditorSelection;
  onChange: (change: OutlineChange) => void;
  onView: (viewed: { version: number; config: WizardConfig }) => void;
  translating: Translating;
  onTranslating: (translating: Translating) => void;
}) {
  const { section, step: stepIndex, block: blockIndex } = selection;
  if (section === 'versions')
    return <Versions editor={editor} onView={onView} />;
  if (section === 'translations')
    return (
      <TranslationsView
        editor={editor}
        config={config}
        translating={translating}
        onTranslating={onTranslating}
      />
    );
  if (section !== 'steps') {
    const SectionEditor = sectionEditors[section];
    return <SectionEditor editor={editor} />;
  }
  const step = config.steps[stepIndex];
  if (!step) return null;
  const block = blockIndex === null ? undefined : step.blocks[blockIndex];
  if (!block || blockIndex === null)
    return <StepSettings editor={editor} step={step} stepIndex={stepIndex} />;
  return (
    <EditorContext value={editor}>
      <h2 className="form-editor__open-heading">
        {kindLabel(block.component)}: {blockTitle(block)}
      </h2>
      <OpenBlock
        key={`${stepIndex}-${blockIndex}`}
        block={block}
        stepIndex={stepIndex}
        index={blockIndex}
        onMoveTo={(toStep) => {
          const from = { step: stepIndex, index: blockIndex };
          onChange({
            kind: 'block',
            from,
            to: endOfStep(config, from, toStep),
          });
        }}
      />
    </EditorContext>
  );
}
