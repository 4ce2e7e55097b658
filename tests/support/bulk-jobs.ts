import type { BulkJob } from '../../src/review-api/application.ts';

/**
 * The job a bulk move of every one in a view started, read until it ends (as the workspace polls
 * it); `read` fetches a path of the API as the staff member who started it.
 */
export async function endedJob(
  started: Response,
  read: (path: string) => Promise<Response>,
): Promise<BulkJob> {
  if (started.status !== 202)
    throw new Error(
      `No job started: ${started.status} ${await started.text()}`,
    );
  let job = (await started.json()) as BulkJob;
  while (job.state === 'running')
    job = (await (
      await read(`/api/review/bulk-jobs/${job.id}`)
    ).json()) as BulkJob;
  return job;
}
