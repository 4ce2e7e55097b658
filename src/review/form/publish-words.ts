import type { DroppedQuestion } from '#review-api/form.ts';
import { ApiError, messageOf } from '#review/lib/api.ts';

/** What a publish (or a restore, which is one) did, for the one who asked. */
export function publishedWords(published: {
  version: number;
  summary: string;
  droppedQuestions?: DroppedQuestion[];
}): string {
  const dropped = (published.droppedQuestions ?? [])
    .map(
      (question) =>
        `“${question.label}” was answered in ${question.applications} stored application${question.applications === 1 ? '' : 's'}, which keep${question.applications === 1 ? 's' : ''} the answer`,
    )
    .join('. ');
  return `Published version ${published.version}: ${published.summary}.${dropped ? ` ${dropped}.` : ''} New visitors see it within seconds.`;
}

/** Why a publish was refused, each problem the server named with its path. */
export const notPublishedWords = (failure: unknown) =>
  failure instanceof ApiError && failure.status === 400
    ? `Not published: ${failure.message} ${failure.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`
    : `Not published: ${messageOf(failure)}`;
