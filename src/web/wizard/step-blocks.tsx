import { Activity, memo, useMemo, type ComponentType } from 'react';
import { useWatch } from 'react-hook-form';
import type { ApplicationModel } from '#engine/application-schema.ts';
import { isDisabled, isShown } from '#engine/conditions.ts';
import { answerPaths } from '#engine/block-kinds/placements.ts';
import type { Block } from '#engine/config-schema.ts';
import { getAt, setAt } from '#engine/paths.ts';
import { blockComponent, isFieldBlock } from '#web/blocks/block-registry.ts';
import { TextBlock } from '#web/blocks/text-block.tsx';
import { blockWeight, chunkCount, chunksOf } from './live-steps.ts';
import { emailPath } from './use-wizard-form.ts';

/** The chunk of each of a step's blocks, and how many chunks the step has. */
export function stepChunks(
  blocks: readonly Block[] | undefined,
  model: ApplicationModel,
): { chunks: number[]; count: number } {
  const chunks = chunksOf(
    (blocks ?? []).map((block) => blockWeight(block, model.platforms.length)),
  );
  return { chunks, count: chunkCount(chunks) };
}

/** The path whose rule decides whether a block is shown: a phone has one rule for its two inputs. */
function rulePath(block: Block): string | undefined {
  return answerPaths(block)[0];
}

/** The answers the conditions of these blocks read, following conditions that depend on others. */
function conditionPaths(
  blocks: readonly Block[],
  rules: ApplicationModel['rules'],
): string[] {
  const found = new Set<string>();
  const visit = (path: string | undefined) => {
    const rule = path === undefined ? undefined : rules.get(path);
    for (const condition of [rule?.showOn, rule?.disableOn])
      if (condition && !found.has(condition.path)) {
        found.add(condition.path);
        visit(condition.path);
      }
  };
  blocks.forEach((block) => visit(rulePath(block)));
  return [...found];
}

/** Whether a block's text shows the applicant's e-mail (`{email}`). */
const namesEmail = (block: Block) =>
  block.component === 'text' && block.data.text.includes('{email}');

type FieldProps = { block: Block; isDisabled: boolean };

/** Memoised: a chunk of the step going live re-renders none of the fields already live. */
const FieldBlock = memo(function FieldBlock({
  component: Component,
  ...props
}: FieldProps & { component: ComponentType<FieldProps> }) {
  return <Component {...props} />;
});

/**
 * A step's blocks, each in an Activity that is visible once its chunk is live: until then its
 * elements are built but its fields neither register with the form nor subscribe to it.
 * Memoised: revealing a step rendered hidden re-renders none of its fields.
 */
export const StepBlocks = memo(function StepBlocks({
  blocks,
  model,
  stepIndex,
  sentEmail,
  liveChunks,
}: {
  /** The step's own blocks: a change elsewhere in the form (the editor's preview) leaves them be. */
  blocks: readonly Block[] | undefined;
  model: ApplicationModel;
  stepIndex: number;
  /** The address a sent application went with, which outlives its answers. */
  sentEmail: string | null;
  /** How many of the step's chunks are live, from the first. */
  liveChunks: number;
}) {
  const { chunks } = useMemo(() => stepChunks(blocks, model), [blocks, model]);
  // Only the answers that show, hide or disable a block of this step, and the e-mail where its text
  // names it, re-render it: not every keystroke, nor a step rendered hidden beside the one typed in.
  const watched = useMemo(
    () => [
      ...(blocks?.some(namesEmail) ? [emailPath] : []),
      ...conditionPaths(blocks ?? [], model.rules),
    ],
    [blocks, model],
  );
  const watchedValues: unknown[] = useWatch({ name: watched });
  const values = watched.reduce(
    (tree, path, index) => setAt(tree, path, watchedValues[index]),
    {},
  );
  const email = sentEmail ?? String(getAt(values, emailPath) ?? '');
  return (blocks ?? []).map((block, index) => {
    const key = `${stepIndex}-${index}`;
    // A text has no effects to wait: it shows with the step whatever its chunk.
    if (!isFieldBlock(block))
      return <TextBlock key={key} block={block} placeholders={{ email }} />;
    const path = rulePath(block);
    // A block hidden by its condition is not shown, nor validated, nor sent.
    if (path && !isShown(path, values, model.rules)) return null;
    return (
      <Activity
        key={key}
        mode={(chunks[index] ?? 0) < liveChunks ? 'visible' : 'hidden'}
      >
        <FieldBlock
          component={blockComponent(block.component)}
          block={block}
          isDisabled={path ? isDisabled(path, values, model.rules) : false}
        />
      </Activity>
    );
  });
});
