import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  BlockComponent,
  Step,
  WizardConfig,
} from '#engine/config-schema.ts';
import type { FormEditor } from './use-form-editor.ts';
import { newBlock } from './block-factory.ts';
import { BlockEditor, EditorContext } from './block-editor.tsx';
import { blockKinds, blockTitle } from './block-kinds.ts';
import {
  CheckField,
  IssuesUnder,
  SelectField,
  TextField,
} from './form-fields.tsx';
import {
  DragArea,
  focusHandle,
  moved,
  SortableList,
  type DragPlace,
} from './sortable-list.tsx';

/** A block taken from its place and put at the end of a step: another, or its own (dropped on it). */
function moveBlock(
  draft: WizardConfig,
  from: { step: number; index: number },
  toStep: number,
) {
  const [block] = draft.steps[from.step]?.blocks.splice(from.index, 1) ?? [];
  if (block) draft.steps[toStep]?.blocks.push(block);
}

const stepLabel = (step: Step) => `step ${step.name}`;

/** The steps in order, and the chosen step's settings and blocks. */
export function StepsEditor({ editor }: { editor: FormEditor }) {
  const config = editor.config;
  const [chosen, setChosen] = useState(1);
  const [moveOutcome, setMoveOutcome] = useState('');
  // A row moved within its list: its handle, at its new place, gets focus once that is drawn.
  const focusAfterMove = useRef<string | null>(null);
  useEffect(() => {
    if (focusAfterMove.current === null) return;
    focusHandle(focusAfterMove.current);
    focusAfterMove.current = null;
  });
  // Read by the move, which stays the same function across edits so that unchanged blocks skip
  // their render.
  const latest = useRef(config);
  useEffect(() => {
    latest.current = config;
  });
  const { edit } = editor;
  const moveBlockTo = useCallback(
    (fromStep: number, index: number, toStep: number) => {
      const block = latest.current?.steps[fromStep]?.blocks[index];
      const target = latest.current?.steps[toStep];
      if (!block || !target) return;
      edit((draft) => moveBlock(draft, { step: fromStep, index }, toStep));
      setMoveOutcome(
        `Moved “${blockTitle(block)}” to the end of step ${toStep + 1}, ${target.name}.`,
      );
    },
    [edit],
  );
  if (!config) return null;
  const stepIndex = Math.min(chosen, config.steps.length - 1);
  const step = config.steps[stepIndex];
  const onDrop = (moving: DragPlace, target: DragPlace) => {
    setMoveOutcome('');
    if (moving.kind === 'step' && target.kind === 'step') {
      editor.edit((draft) => {
        draft.steps = moved(draft.steps, moving.index, target.index);
      });
      setChosen(target.index);
      focusAfterMove.current = `step-${target.index}`;
    } else if (moving.kind === 'block' && target.kind === 'block') {
      editor.edit((draft) => {
        const blocks = draft.steps[stepIndex];
        if (blocks)
          blocks.blocks = moved(blocks.blocks, moving.index, target.index);
      });
      focusAfterMove.current = `block-${stepIndex}-${target.index}`;
    } else if (moving.kind === 'block')
      moveBlockTo(stepIndex, moving.index, target.index);
  };
  return (
    <EditorContext value={editor}>
      <section className="form-editor__section" aria-labelledby="steps-heading">
        <h2 id="steps-heading">Steps</h2>
        <IssuesUnder path="steps" />
        <DragArea onDrop={onDrop}>
          <SortableList
            kind="step"
            idPrefix="step"
            items={config.steps}
            labelOf={stepLabel}
            render={(item, index) => (
              <div className="form-editor__step-row">
                <button
                  type="button"
                  className="form-editor__choose"
                  aria-pressed={index === stepIndex}
                  onClick={() => {
                    setChosen(index);
                    setMoveOutcome('');
                  }}
                >
                  {index + 1}. {item.name}
                </button>
                <button
                  type="button"
                  className="form-editor__small"
                  aria-label={`Remove step ${item.name}`}
                  onClick={() =>
                    editor.edit((draft) => {
                      draft.steps.splice(index, 1);
                    })
                  }
                >
                  Remove
                </button>
              </div>
            )}
          />
          <button
            type="button"
            className="form-editor__small"
            onClick={() => {
              editor.edit((draft) => {
                draft.steps.splice(draft.steps.length - 1, 0, {
                  name: `Step ${draft.steps.length + 1}`,
                  blocks: [],
                  styles: { grayBg: false },
                  hideConfirmButton: false,
                });
              });
              setChosen(config.steps.length - 1);
            }}
          >
            Add a step
          </button>
          {step && (
            <StepSettings
              editor={editor}
              step={step}
              stepIndex={stepIndex}
              moveOutcome={moveOutcome}
              onMoveBlock={moveBlockTo}
            />
          )}
        </DragArea>
      </section>
    </EditorContext>
  );
}

function StepSettings({
  editor,
  step,
  stepIndex,
  moveOutcome,
  onMoveBlock,
}: {
  editor: FormEditor;
  step: Step;
  stepIndex: number;
  moveOutcome: string;
  onMoveBlock: (fromStep: number, index: number, toStep: number) => void;
}) {
  const at = `steps[${stepIndex}]`;
  const editStep = (change: (draft: Step) => void) =>
    editor.edit((draft) => {
      const target = draft.steps[stepIndex];
      if (target) change(target);
    });
  const [kind, setKind] = useState<BlockComponent>('textInput');
  // The moved block's row is gone: focus goes to the words saying where it went, not to the page.
  const outcome = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (moveOutcome) outcome.current?.focus();
  }, [moveOutcome]);
  return (
    <div
      className="form-editor__step"
      role="group"
      aria-label={`Step ${step.name}`}
    >
      <h3>
        Step {stepIndex + 1}: {step.name}
      </h3>
      <TextField
        label="Step name"
        path={`${at}.name`}
        value={step.name}
        onChange={(value) => editStep((draft) => (draft.name = value))}
      />
      <TextField
        label="Heading"
        path={`${at}.heading`}
        value={step.heading}
        onChange={(value) =>
          editStep((draft) => {
            if (value) draft.heading = value;
            else delete draft.heading;
          })
        }
      />
      <TextField
        label="Footer"
        path={`${at}.footer`}
        value={step.footer}
        onChange={(value) =>
          editStep((draft) => {
            if (value) draft.footer = value;
            else delete draft.footer;
          })
        }
      />
      <TextField
        label="Continue button text"
        path={`${at}.continueButtonText`}
        value={step.continueButtonText}
        onChange={(value) =>
          editStep((draft) => {
            if (value) draft.continueButtonText = value;
            else delete draft.continueButtonText;
          })
        }
      />
      <CheckField
        label="Grey background"
        path={`${at}.styles.grayBg`}
        checked={step.styles.grayBg}
        onChange={(checked) =>
          editStep((draft) => (draft.styles = { grayBg: checked }))
        }
      />
      <CheckField
        label="Hide the Continue button"
        path={`${at}.hideConfirmButton`}
        checked={step.hideConfirmButton}
        onChange={(checked) =>
          editStep((draft) => (draft.hideConfirmButton = checked))
        }
      />
      <h4>Blocks</h4>
      <IssuesUnder path={`${at}.blocks`} />
      <p
        ref={outcome}
        role="status"
        tabIndex={-1}
        className="form-editor__note"
      >
        {moveOutcome}
      </p>
      <SortableList
        kind="block"
        idPrefix={`block-${stepIndex}`}
        items={step.blocks}
        labelOf={(block) => `block ${blockTitle(block)}`}
        render={(block, index) => (
          <BlockEditor
            block={block}
            stepIndex={stepIndex}
            index={index}
            edit={editor.edit}
            onMoveBlock={onMoveBlock}
          />
        )}
      />
      <div className="form-editor__add">
        <SelectField
          label="New block"
          path=""
          value={kind}
          options={blockKinds}
          onChange={(value) => setKind(value as BlockComponent)}
        />
        <button
          type="button"
          onClick={() =>
            editor.edit((draft) => {
              draft.steps[stepIndex]?.blocks.push(newBlock(kind, draft));
            })
          }
        >
          Add block
        </button>
      </div>
    </div>
  );
}
