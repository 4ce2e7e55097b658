import { stageLabels, type StaffStage } from '#engine/stages.ts';
import type { BulkJob } from '#review-api/application.ts';
import type { Outcome } from '#review/lib/outcome-message.tsx';
import { leftWithdrawn } from './withdrawn-words.ts';

const whole = new Intl.NumberFormat('en');

export const applicationsCount = (number: number) =>
  number === 1 ? '1 application' : `${whole.format(number)} applications`;

/** What a bulk move made: the same words whether chosen applications or a job moved them. */
export const movedWords = (moved: number, to: StaffStage, withdrawn: number) =>
  `Moved ${applicationsCount(moved)} to ${stageLabels[to]}.${leftWithdrawn(withdrawn)}`;

/** How far a job of moves has come, said while it runs. */
export const jobProgress = (job: BulkJob) =>
  `Moving ${whole.format(job.done)} of ${whole.format(job.total)} to ${stageLabels[job.stage]}…`;

/**
 * What came of a job once it ended. A failure says what stands (those moved stay moved) and what
 * to do: the rest are still in the view, so moving the view again takes only them.
 */
export const jobOutcome = (job: BulkJob): Outcome =>
  job.state === 'failed'
    ? {
        text: `Moving to ${stageLabels[job.stage]} stopped after ${whole.format(job.done)} of ${whole.format(job.total)}: ${job.error ?? 'the server gave no reason'}. Those moved stay moved; select every one matching again and move the rest.`,
        isError: true,
      }
    : {
        text: movedWords(job.moved, job.stage, job.withdrawn),
        isError: false,
      };
