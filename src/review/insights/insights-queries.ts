import { queryOptions } from '@tanstack/react-query';
import {
  readInsights,
  readStepTimes,
  type InsightsQuery,
} from '#review-api/insights.ts';
import { call } from '#review/lib/api.ts';

export const insightsQuery = (query: InsightsQuery) =>
  queryOptions({
    queryKey: ['insights', query],
    queryFn: () => call(readInsights, { query }),
  });

export const stepTimesQuery = (query: InsightsQuery) =>
  queryOptions({
    queryKey: ['insights', 'step-times', query],
    queryFn: () => call(readStepTimes, { query }),
  });
