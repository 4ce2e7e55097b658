import type { Block, BlockComponent } from '#engine/config-schema.ts';

export type BlockProps<K extends BlockComponent> = {
  block: Extract<Block, { component: K }>;
  /** A disable condition greys the control out and removes its validators. */
  isDisabled: boolean;
};
