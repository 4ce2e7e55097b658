import {
  createContext,
  memo,
  use,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import type {
  Block,
  BlockComponent,
  Condition,
  FormItem,
  Step,
  WizardConfig,
} from '#engine/config-schema.ts';
import { answerPaths } from '#engine/block-kinds/placements.ts';
import type { FormEditor } from './use-form-editor.ts';
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

const blockKinds: ReadonlyArray<readonly [BlockComponent, string]> = [
  ['textInput', 'Text question'],
  ['select', 'Choice (select)'],
  ['yesNo', 'Yes/no question'],
  ['checkbox', 'Checkbox'],
  ['phone', 'Phone number'],
  ['platforms', 'Platforms'],
  ['sectionHeading', 'Section heading'],
  ['text', 'Paragraph'],
];

const kindLabel = (kind: BlockComponent) =>
  blockKinds.find(([value]) => value === kind)?.[1] ?? kind;

const builtInLists = [
  ['countries', 'Countries'],
  ['usStates', 'US states'],
  ['caProvinces', 'Canadian provinces'],
] as const;

/** A new question's answer path, not yet used in the form. */
function freshPath(config: WizardConfig): string {
  const used = new Set(
    config.steps.flatMap((step) =>
      step.blocks.flatMap((block) =>
        'path' in block.data ? [block.data.path] : [],
      ),
    ),
  );
  let number = 1;
  while (used.has(`fields.single.question${number}`)) number += 1;
  return `fields.single.question${number}`;
}

function newBlock(kind: BlockComponent, config: WizardConfig): Block {
  const path = freshPath(config);
  switch (kind) {
    case 'text':
      return { component: 'text', data: { text: 'New paragraph' } };
    case 'sectionHeading':
      return { component: 'sectionHeading', data: { text: 'New section' } };
    case 'textInput':
      return {
        component: 'textInput',
        data: {
          path,
          label: 'New question',
          multiline: false,
          half: false,
          inputType: 'text',
        },
      };
    case 'select':
      return {
        component: 'select',
        data: {
          path,
          label: 'New choice',
          options: [{ name: 'First option', value: 'First option' }],
          multiple: false,
        },
      };
    case 'yesNo':
      return {
        component: 'yesNo',
        data: { path, label: 'New yes/no question' },
      };
    case 'checkbox':
      return { component: 'checkbox', data: { path, label: 'New checkbox' } };
    case 'phone':
      return { component: 'phone', data: { path, label: 'Phone' } };
    case 'platforms':
      return { component: 'platforms', data: { label: 'Your platforms' } };
  }
}

const blockTitle = (block: Block) =>
  'label' in block.data ? block.data.label : block.data.text;

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

/** The editor of the form, for the parts of a block shown only while it is open. */
const EditorContext = createContext<FormEditor | null>(null);

/**
 * A block's row: its title, Duplicate and Remove, and its fields while open. Memoised: with the
 * form's unchanged parts keeping their identity, a keystroke re-renders only the block it edits
 * (and any open one, which reads the whole form for its rules).
 */
const BlockEditor = memo(function BlockEditor({
  block,
  stepIndex,
  index,
  edit,
  onMoveBlock,
}: {
  block: Block;
  stepIndex: number;
  index: number;
  edit: FormEditor['edit'];
  onMoveBlock: (fromStep: number, index: number, toStep: number) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const title = blockTitle(block);
  return (
    <div className="form-editor__block">
      <div className="form-editor__block-head">
        <button
          type="button"
          className="form-editor__choose"
          aria-expanded={isOpen}
          onClick={() => setIsOpen(!isOpen)}
        >
          {kindLabel(block.component)}: {title}
        </button>
        <button
          type="button"
          className="form-editor__small"
          aria-label={`Duplicate ${title}`}
          onClick={() =>
            edit((draft) => {
              const copy = structuredClone(block);
              if ('path' in copy.data) copy.data.path = freshPath(draft);
              draft.steps[stepIndex]?.blocks.splice(index + 1, 0, copy);
            })
          }
        >
          Duplicate
        </button>
        <button
          type="button"
          className="form-editor__small"
          aria-label={`Remove ${title}`}
          onClick={() =>
            edit((draft) => draft.steps[stepIndex]?.blocks.splice(index, 1))
          }
        >
          Remove
        </button>
      </div>
      {isOpen && (
        <OpenBlock
          block={block}
          stepIndex={stepIndex}
          index={index}
          onMoveTo={(toStep) => onMoveBlock(stepIndex, index, toStep)}
        />
      )}
    </div>
  );
});

function OpenBlock({
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
  if (!editor?.config) return null;
  const otherSteps = editor.config.steps.flatMap((other, otherIndex) =>
    otherIndex === stepIndex
      ? []
      : [[String(otherIndex), `${otherIndex + 1}. ${other.name}`] as const],
  );
  return (
    <>
      <SelectField
        label="Move to step"
        path=""
        value=""
        options={[['', 'Stay in this step'], ...otherSteps]}
        onChange={(value) => {
          if (value) onMoveTo(Number(value));
        }}
      />
      <BlockData
        editor={editor}
        block={block}
        at={`steps[${stepIndex}].blocks[${index}]`}
        onChange={(change) =>
          editor.edit((draft) => {
            const target = draft.steps[stepIndex]?.blocks[index];
            if (target) change(target);
          })
        }
      />
    </>
  );
}

function BlockData({
  editor,
  block,
  at,
  onChange,
}: {
  editor: FormEditor;
  block: Block;
  at: string;
  onChange: (change: (draft: Block) => void) => void;
}) {
  const data = `${at}.data`;
  if (block.component === 'text' || block.component === 'sectionHeading')
    return (
      <TextField
        label="Text"
        path={`${data}.text`}
        value={block.data.text}
        isMultiline={block.component === 'text'}
        onChange={(value) =>
          onChange((draft) => {
            if ('text' in draft.data) draft.data.text = value;
          })
        }
      />
    );
  const setData = (key: string, value: unknown) =>
    onChange((draft) => {
      const target = draft.data as Record<string, unknown>;
      if (value === undefined || value === '') delete target[key];
      else target[key] = value;
    });
  return (
    <>
      <TextField
        label="Question"
        path={`${data}.label`}
        value={block.data.label}
        onChange={(value) => setData('label', value)}
      />
      <TextField
        label="Hint"
        path={`${data}.hint`}
        value={block.data.hint}
        onChange={(value) => setData('hint', value)}
      />
      {'path' in block.data && (
        <TextField
          label="Answer key"
          path={`${data}.path`}
          value={block.data.path}
          onChange={(value) => setData('path', value)}
        />
      )}
      {block.component === 'textInput' && (
        <CheckField
          label="Several lines"
          path={`${data}.multiline`}
          checked={block.data.multiline}
          onChange={(checked) => setData('multiline', checked)}
        />
      )}
      {block.component === 'select' && (
        <OptionsEditor block={block} at={data} setData={setData} />
      )}
      {block.component === 'yesNo' && (
        <>
          <CheckField
            label="Ask a follow-up after Yes"
            path={`${data}.followUp`}
            checked={block.data.followUp !== undefined}
            onChange={(checked) =>
              setData(
                'followUp',
                checked
                  ? { label: 'Tell us more', trigger: true, multiline: true }
                  : undefined,
              )
            }
          />
          {block.data.followUp && (
            <TextField
              label="Follow-up question"
              path={`${data}.followUp.label`}
              value={block.data.followUp.label}
              onChange={(value) =>
                onChange((draft) => {
                  if (draft.component === 'yesNo' && draft.data.followUp)
                    draft.data.followUp.label = value;
                })
              }
            />
          )}
        </>
      )}
      {block.component !== 'platforms' && (
        <QuestionRules editor={editor} block={block} />
      )}
    </>
  );
}

function OptionsEditor({
  block,
  at,
  setData,
}: {
  block: Extract<Block, { component: 'select' }>;
  at: string;
  setData: (key: string, value: unknown) => void;
}) {
  const { options } = block.data;
  const source =
    typeof options === 'string'
      ? options
      : Array.isArray(options)
        ? 'typed'
        : 'answer';
  return (
    <>
      <SelectField
        label="Options"
        path={`${at}.options`}
        value={source}
        options={[
          ['typed', 'Typed here'],
          ...builtInLists,
          ...(source === 'answer'
            ? [['answer', 'Following another answer'] as const]
            : []),
        ]}
        onChange={(value) =>
          setData(
            'options',
            value === 'typed'
              ? [{ name: 'First option', value: 'First option' }]
              : value,
          )
        }
      />
      {Array.isArray(options) && (
        <TextField
          label="Options, one a line (paste a list here)"
          path={`${at}.options`}
          isMultiline
          value={options.map((option) => option.name).join('\n')}
          onChange={(value) =>
            setData(
              'options',
              value
                .split('\n')
                .map((line) => line.trim())
                .filter(Boolean)
                .map((line) => ({ name: line, value: line })),
            )
          }
        />
      )}
      <CheckField
        label="Several may be chosen"
        path={`${at}.multiple`}
        checked={block.data.multiple}
        onChange={(checked) => setData('multiple', checked)}
      />
    </>
  );
}

const validatorChoices = [
  ['email', 'An e-mail address'],
  ['digits', 'Digits only'],
  ['phoneText', 'A phone number'],
  ['zip', 'A ZIP code'],
  ['followers', 'A number of followers'],
  ['websiteUrl', 'A website address'],
  ['handle', 'A user name'],
] as const;

/** Required, validators, and when the question shows or is disabled, kept in `formItems`. */
function QuestionRules({
  editor,
  block,
}: {
  editor: FormEditor;
  block: Block;
}) {
  const config = editor.config;
  const path = answerPaths(block)[0];
  if (!config || !path) return null;
  const itemIndex = config.formItems.findIndex((item) => item.path === path);
  const item = config.formItems[itemIndex];
  const at = `formItems[${itemIndex}]`;
  const editItem = (change: (draft: FormItem) => void) =>
    editor.edit((draft) => {
      let target = draft.formItems.find((candidate) => candidate.path === path);
      if (!target) {
        target = { path, validators: [] };
        draft.formItems.push(target);
      }
      change(target);
      if (
        target.validators.length === 0 &&
        !target.showOnCondition &&
        !target.disableOnCondition
      )
        draft.formItems = draft.formItems.filter((other) => other !== target);
    });
  const has = (name: string) =>
    item?.validators.some((validator) => validator === name) ?? false;
  const toggle = (name: (typeof validatorChoices)[number][0] | 'required') =>
    editItem((draft) => {
      draft.validators = has(name)
        ? draft.validators.filter((validator) => validator !== name)
        : [...draft.validators, name];
    });
  const otherAnswers = config.steps
    .flatMap((step) => step.blocks)
    .filter((other) => other !== block)
    .flatMap((other) =>
      answerPaths(other)
        .filter((answer) => answer !== 'platforms')
        .map((answer) => [answer, `${blockTitle(other)} (${answer})`] as const),
    );
  return (
    <fieldset className="form-editor__rules">
      <legend>Rules</legend>
      <CheckField
        label="Required"
        path={`${at}.validators`}
        checked={has('required')}
        onChange={() => toggle('required')}
      />
      {validatorChoices.map(([name, label]) => (
        <CheckField
          key={name}
          label={`Must be ${label.toLowerCase()}`}
          path={`${at}.validators`}
          checked={has(name)}
          onChange={() => toggle(name)}
        />
      ))}
      {(['showOnCondition', 'disableOnCondition'] as const).map((key) => (
        <ConditionEditor
          key={key}
          label={key === 'showOnCondition' ? 'Show only when' : 'Disable when'}
          at={`${at}.${key}`}
          condition={item?.[key]}
          answers={otherAnswers}
          onChange={(condition) =>
            editItem((draft) => {
              if (condition) draft[key] = condition;
              else delete draft[key];
            })
          }
        />
      ))}
    </fieldset>
  );
}

function ConditionEditor({
  label,
  at,
  condition,
  answers,
  onChange,
}: {
  label: string;
  at: string;
  condition: Condition | undefined;
  answers: ReadonlyArray<readonly [string, string]>;
  onChange: (condition: Condition | undefined) => void;
}) {
  const equals = condition && 'equals' in condition ? condition.equals : '';
  // A yes/no answer is true or false; it reads as the applicant saw it.
  const value =
    equals === true ? 'Yes' : equals === false ? 'No' : String(equals);
  return (
    <div className="form-editor__condition">
      <SelectField
        label={label}
        path={`${at}.path`}
        value={condition?.path ?? ''}
        options={[['', 'Always'], ...answers]}
        onChange={(path) =>
          onChange(
            path ? { path, equals: equals === '' ? true : equals } : undefined,
          )
        }
      />
      {condition && (
        <TextField
          label="…is answered"
          path={`${at}.equals`}
          value={value}
          onChange={(equals) =>
            onChange({
              path: condition.path,
              equals:
                equals === 'Yes' ? true : equals === 'No' ? false : equals,
            })
          }
        />
      )}
    </div>
  );
}
