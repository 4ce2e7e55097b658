import { createContext, use, useMemo } from 'react';
import type { Block, WizardConfig } from '#engine/config-schema.ts';
import type { FormEditor } from './use-form-editor.ts';
import { setAnswerKey, setLabel } from './block-factory.ts';
import { kinds } from './block-kinds.ts';
import { AnswerKeyField, BlockSettings } from './block-settings.tsx';
import { ProblemsContext, SelectField } from './form-fields.tsx';
import { describeProblems } from './problem-words.ts';
import { QuestionRules } from './question-rules.tsx';
import { usePublishedKeys } from './use-published-keys.ts';

/** The editor of the form, for the parts of a block shown only while it is open. */
export const EditorContext = createContext<FormEditor | null>(null);

/**
 * An open block's settings: where it goes, its own settings as its kind has them, its rules and,
 * under Advanced, its answer key. Its fields say their problems in words.
 */
export function OpenBlock({
  block,
  stepIndex,
  index,
  onMoveTo,
}: {
  block: Block;
  stepIndex: number;
  index: number;
  onMoveTo: (step: number) => void;
}) {
  const editor = use(EditorContext);
  const published = usePublishedKeys(editor?.baseVersion ?? 0);
  const config = editor?.config;
  const issues = editor?.issues;
  const problems = useMemo(
    () => (config && issues ? describeProblems(config, issues) : null),
    [config, issues],
  );
  if (!editor || !config) return null;
  const at = `steps[${stepIndex}].blocks[${index}]`;
  const editBlock = (
    change: (draft: WizardConfig, target: Block) => void,
    field?: string,
  ) =>
    editor.edit(
      (draft) => {
        const target = draft.steps[stepIndex]?.blocks[index];
        if (target) change(draft, target);
      },
      field === undefined ? undefined : { field },
    );
  const otherSteps = config.steps.flatMap((other, otherIndex) =>
    otherIndex === stepIndex
      ? []
      : [[String(otherIndex), `${otherIndex + 1}. ${other.name}`] as const],
  );
  return (
    <ProblemsContext value={problems}>
      <SelectField
        label="Move to step"
        path=""
        value=""
        options={[['', 'Stay in this step'], ...otherSteps]}
        onChange={(value) => {
          if (value) onMoveTo(Number(value));
        }}
      />
      <BlockSettings
        block={block}
        data={`${at}.data`}
        setData={(key, value) =>
          editBlock((_, target) => {
            const data = target.data as Record<string, unknown>;
            if (value === undefined || value === '') delete data[key];
            else data[key] = value;
          })
        }
        setLabel={(label) =>
          // The answer key may follow the label: one field all the same, so typing is one undo step.
          editBlock(
            (draft, target) => setLabel(draft, target, label, published),
            `${at}.data.label`,
          )
        }
      />
      {kinds[block.component].isQuestion && (
        <QuestionRules editor={editor} block={block} />
      )}
      {'path' in block.data && (
        <AnswerKeyField
          path={`${at}.data.path`}
          value={block.data.path}
          onChange={(key) =>
            editBlock((draft, target) => setAnswerKey(draft, target, key))
          }
        />
      )}
    </ProblemsContext>
  );
}
