import { lazy, type ComponentType } from 'react';
import type { Block, BlockComponent } from '#engine/config-schema.ts';

type FieldBlockComponent = Exclude<BlockComponent, 'text' | 'sectionHeading'>;
type AnyBlockProps = { block: Block; isDisabled: boolean };

// Each block kind is its own chunk: the country list and flags load only with the blocks that show them.
const loaders: Record<
  FieldBlockComponent,
  () => Promise<ComponentType<AnyBlockProps>>
> = {
  textInput: () =>
    import('./text-input-block.tsx').then(
      (module) => module.TextInputBlock as ComponentType<AnyBlockProps>,
    ),
  select: () =>
    import('./select-block.tsx').then(
      (module) => module.SelectBlock as ComponentType<AnyBlockProps>,
    ),
  phone: () =>
    import('./phone-block.tsx').then(
      (module) => module.PhoneBlock as ComponentType<AnyBlockProps>,
    ),
  platforms: () =>
    import('./platforms-block.tsx').then(
      (module) => module.PlatformsBlock as ComponentType<AnyBlockProps>,
    ),
  yesNo: () =>
    import('./yes-no-block.tsx').then(
      (module) => module.YesNoBlock as ComponentType<AnyBlockProps>,
    ),
  checkbox: () =>
    import('./checkbox-block.tsx').then(
      (module) => module.CheckboxBlock as ComponentType<AnyBlockProps>,
    ),
};

const lazyBlocks = {} as Record<
  FieldBlockComponent,
  ComponentType<AnyBlockProps>
>;
for (const kind of Object.keys(loaders) as FieldBlockComponent[])
  lazyBlocks[kind] = lazy(() =>
    loaders[kind]().then((component) => ({ default: component })),
  );

const loadedBlocks: Partial<
  Record<FieldBlockComponent, ComponentType<AnyBlockProps>>
> = {};

/**
 * The component of a block kind: the loaded one once its chunk is in, otherwise a lazy one. A lazy
 * component suspends on its first render even when its chunk is already loaded, and React then keeps
 * the step's fallback up for a while, blanking the whole step under the applicant's pointer.
 */
export function blockComponent(
  kind: FieldBlockComponent,
): ComponentType<AnyBlockProps> {
  return loadedBlocks[kind] ?? lazyBlocks[kind];
}

export function isFieldBlock(
  block: Block,
): block is Extract<Block, { component: FieldBlockComponent }> {
  return block.component in loaders;
}

/** Starts loading the blocks a set of steps shows, so the next step renders without a wait. */
export function preloadBlocks(blocks: readonly Block[]): Promise<unknown> {
  const kinds = new Set(
    blocks.filter(isFieldBlock).map((block) => block.component),
  );
  return Promise.all(
    [...kinds].map((kind) =>
      loaders[kind]().then((component) => {
        loadedBlocks[kind] = component;
      }),
    ),
  );
}
