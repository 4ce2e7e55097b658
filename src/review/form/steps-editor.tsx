import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import type { Block, Step, WizardConfig } from '#engine/config-schema.ts';
import { answerPaths } from '#engine/block-kinds/placements.ts';
import type { FormEditor } from './use-form-editor.ts';
import { addStep, duplicateBlock } from './block-factory.ts';
import { blockTitle } from './block-kinds.ts';
import type { EditorSelection, OutlineChange } from './editor-selection.ts';
import { IssuesUnder } from './form-fields.tsx';
import {
  blockList,
  blockRow,
  outlineRows,
  rowKeyAction,
  stepList,
  stepRow,
} from './outline-keys.ts';
import {
  blockActions,
  endOfStep,
  rowAfterChange,
  stepActions,
  type RowAction,
} from './outline-moves.ts';
import { AddBlock, BlockWords, StepWords } from './outline-rows.tsx';
import { RowMenu, type MenuItem } from './row-menu.tsx';
import {
  DragArea,
  focusRow,
  SortableList,
  type DragKind,
  type DragPlace,
  type RowBehaviour,
} from './sortable-list.tsx';

const stepLabel = (step: Step) => `step ${step.name}`;
const blockLabel = (block: Block) => `block ${blockTitle(block)}`;

/** The answer paths the form requires an answer to. */
const requiredPathsOf = (config: WizardConfig) =>
  new Set(
    config.formItems
      .filter((item) => item.validators.includes('required'))
      .map((item) => item.path),
  );

/**
 * The outline: the steps in order, the open step's blocks below it. The rows are one Tab stop
 * (arrows move between them, Enter opens one, Space picks it up to move it, Shift+F10 or the
 * context-menu key opens its actions).
 */
export function StepsEditor({
  editor,
  selection,
  problemCounts,
  outcome,
  onSelect,
  onChange,
}: {
  editor: FormEditor;
  selection: EditorSelection;
  /** Problems per row, by the row's name (`step-1`, `block-1-4`). */
  problemCounts: ReadonlyMap<string, number>;
  /** What the last move or removal did, in words. */
  outcome: string;
  onSelect: (next: EditorSelection) => void;
  /** A move or removal, made to the form and followed by the selection. */
  onChange: (change: OutlineChange) => void;
}) {
  const config = editor.config;
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  // After a move the row, at its new place, gets focus once that is drawn.
  const focusAfter = useRef<string | null>(null);
  useEffect(() => {
    if (focusAfter.current === null) return;
    focusRow(focusAfter.current);
    focusAfter.current = null;
  });
  const closeMenu = useCallback((isReturningFocus: boolean) => {
    setOpenMenu((row) => {
      if (row && isReturningFocus) focusAfter.current = row;
      return null;
    });
  }, []);
  const requiredPaths = useMemo(
    () => (config ? requiredPathsOf(config) : new Set<string>()),
    [config],
  );
  if (!config) return null;
  const openStep = selection.step;
  const steps = config.steps;
  const blocks = steps[openStep]?.blocks ?? [];
  const rows = outlineRows(steps.length, openStep, blocks.length);
  const isOnSteps = selection.section === 'steps';
  const current = isOnSteps
    ? selection.block === null
      ? stepRow(openStep)
      : blockRow(openStep, selection.block)
    : null;
  const tabStop =
    focused && rows.includes(focused) ? focused : (current ?? rows[0] ?? '');

  /** Makes a change, keeps a moved row selected, and focuses the row in its place. */
  const change = (made: OutlineChange) => {
    focusAfter.current = rowAfterChange(config, made);
    onChange(made);
    if (made.kind === 'step' && made.to !== null)
      onSelect({ section: 'steps', step: made.to, block: null });
    if (made.kind === 'block' && made.to)
      onSelect({ section: 'steps', step: made.to.step, block: made.to.index });
  };

  const onDrop = (moving: DragPlace, target: DragPlace) => {
    if (moving.kind === 'step' && target.kind === 'step')
      change({ kind: 'step', from: moving.index, to: target.index });
    else if (moving.kind === 'block') {
      const from = { step: openStep, index: moving.index };
      change({
        kind: 'block',
        from,
        to:
          target.kind === 'block'
            ? { step: openStep, index: target.index }
            : endOfStep(config, from, target.index),
      });
    }
  };
  const behaviour: RowBehaviour = {
    tabStop,
    onFocus: setFocused,
    onOpen: (rowKind: DragKind, index: number) =>
      onSelect(
        rowKind === 'step'
          ? { section: 'steps', step: index, block: null }
          : { section: 'steps', step: openStep, block: index },
      ),
    onKeyDown: (id: string, event: KeyboardEvent<HTMLElement>) => {
      const action = rowKeyAction(event, rows.indexOf(id), rows.length);
      if (!action) return;
      event.preventDefault();
      if (action.kind === 'focus') focusRow(rows[action.row] ?? id);
      else if (action.kind === 'menu') setOpenMenu(id);
      else event.currentTarget.click();
    },
  };
  const menuOf = (
    id: string,
    label: string,
    actions: RowAction[],
    more: MenuItem[] = [],
  ) => (
    <RowMenu
      label={label}
      items={[
        ...more,
        ...actions.map((action) => ({
          label: action.label,
          onSelect: () => change(action.change),
        })),
      ]}
      isOpen={openMenu === id}
      onOpen={() => setOpenMenu(id)}
      onClose={closeMenu}
    />
  );

  const openBlocks = (
    <div className="form-editor__blocks">
      <IssuesUnder path={`steps[${openStep}].blocks`} />
      <SortableList
        kind="block"
        list={blockList(openStep)}
        items={blocks}
        labelOf={blockLabel}
        behaviour={behaviour}
        render={(block, index) => {
          const id = blockRow(openStep, index);
          const path = answerPaths(block)[0];
          return {
            isCurrent: id === current,
            content: (
              <BlockWords
                block={block}
                isRequired={path !== undefined && requiredPaths.has(path)}
                problems={problemCounts.get(id)}
              />
            ),
            menu: menuOf(
              id,
              blockLabel(block),
              blockActions(config, { step: openStep, index }),
              [
                {
                  // A copy right after it, opened and focused.
                  label: 'Duplicate',
                  onSelect: () => {
                    editor.edit((draft) =>
                      duplicateBlock(draft, openStep, index),
                    );
                    onSelect({
                      section: 'steps',
                      step: openStep,
                      block: index + 1,
                    });
                    focusAfter.current = blockRow(openStep, index + 1);
                  },
                },
              ],
            ),
          };
        }}
      />
      <AddBlock
        edit={editor.edit}
        baseVersion={editor.baseVersion}
        step={openStep}
        onAdded={() =>
          onSelect({ section: 'steps', step: openStep, block: blocks.length })
        }
      />
    </div>
  );

  return (
    <section className="form-editor__outline" aria-labelledby="steps-heading">
      <h2 id="steps-heading">Steps</h2>
      <p className="form-editor__hint">
        Arrows move between rows, Enter opens, Space picks up to move, Shift+F10
        for more.
      </p>
      <IssuesUnder path="steps" />
      <p
        id="outline-outcome"
        role="status"
        tabIndex={-1}
        className="form-editor__note form-editor__outcome"
      >
        {outcome}
      </p>
      <DragArea onDrop={onDrop}>
        <SortableList
          kind="step"
          list={stepList}
          items={steps}
          labelOf={stepLabel}
          behaviour={behaviour}
          render={(step, index) => {
            const id = stepRow(index);
            return {
              isCurrent: id === current,
              content: (
                <StepWords
                  name={step.name}
                  index={index}
                  problems={problemCounts.get(id)}
                />
              ),
              menu: menuOf(id, stepLabel(step), stepActions(config, index)),
              below: index === openStep ? openBlocks : null,
            };
          }}
        />
      </DragArea>
      <button
        type="button"
        className="button button--outlined"
        onClick={() => {
          editor.edit((draft) => {
            addStep(draft);
          });
          onSelect({ section: 'steps', step: steps.length - 1, block: null });
        }}
      >
        Add a step
      </button>
    </section>
  );
}
