import { stageLabels, type Stage } from '#engine/stages.ts';

/** A stage as a coloured pill, always with its word: colour is never the only sign. */
export function StagePill({ stage }: { stage: Stage }) {
  return (
    <span className={`stage-pill stage-pill--${stage}`}>
      {stageLabels[stage]}
    </span>
  );
}
