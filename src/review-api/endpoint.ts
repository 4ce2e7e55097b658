import type * as z from 'zod/mini';

type Schema = z.ZodMiniType;

/**
 * One route of the workspace's API: its method and address, what it takes and what it answers,
 * as zod schemas. The server validates requests and answers with them; the browser takes its
 * types from them: for a route declared here, both sides read one schema.
 */
export type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `:name` marks a parameter, named by `params`. */
  path: `/api/${string}`;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** The body of each success by its status (204: none); a file download has none here. */
  responses?: Partial<Record<200 | 201 | 202 | 204, Schema>>;
};

export const endpoint = <const E extends Endpoint>(definition: E): E =>
  definition;
