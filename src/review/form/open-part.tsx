import {
  lazy,
  Suspense,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import type { WizardConfig } from '#engine/config-schema.ts';
import type { FormEditor } from './use-form-editor.ts';
import { EditorContext, OpenBlock } from './block-editor.tsx';
import type {
  EditorSelection,
  OutlineChange,
  Section,
} from './editor-selection.ts';
import { blockTitle, kindLabel } from './block-kinds.ts';
import { endOfStep } from './outline-moves.ts';
import { StepSettings } from './step-settings.tsx';
import type { Translating } from './translation-languages.ts';
import { Versions } from './versions-panel.tsx';

type SectionProps = { editor: FormEditor };

// Each section's editor loads when first opened: the editor opens on the form's steps, and a form
// of one language never opens its translations.
const TranslationsView = lazy(() =>
  import('./translations-view.tsx').then((module) => ({
    default: module.TranslationsView,
  })),
);

/** The settings sections, each its own editor. */
const sectionEditors: Record<
  Exclude<Section, 'steps' | 'versions' | 'translations'>,
  LazyExoticComponent<(props: SectionProps) => ReactNode>
> = {
  general: lazy(() =>
    import('./general-settings.tsx').then((module) => ({
      default: module.GeneralSettings,
    })),
  ),
  texts: lazy(() =>
    import('./texts-settings.tsx').then((module) => ({
      default: module.TextsSettings,
    })),
  ),
  colours: lazy(() =>
    import('./theme-settings.tsx').then((module) => ({
      default: module.ThemeSettings,
    })),
  ),
  images: lazy(() =>
    import('./images-settings.tsx').then((module) => ({
      default: module.ImagesSettings,
    })),
  ),
  emails: lazy(() =>
    import('./email-settings.tsx').then((module) => ({
      default: module.EmailSettings,
    })),
  ),
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
      <Suspense>
        <TranslationsView
          editor={editor}
          config={config}
          translating={translating}
          onTranslating={onTranslating}
        />
      </Suspense>
    );
  if (section !== 'steps') {
    const SectionEditor = sectionEditors[section];
    return (
      <Suspense>
        <SectionEditor editor={editor} />
      </Suspense>
    );
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
