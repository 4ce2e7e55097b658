import type { FastifyError, FastifyInstance } from 'fastify';
import { storageFaultOf } from '../db/storage-fault.ts';

type SchemaError = NonNullable<FastifyError['validation']>[number];

const expected: Record<string, string> = {
  string: 'Expected text',
  object: 'Expected an object',
  array: 'Expected an array',
};

/** The path of a JSON Schema error the way a person reads JSON: `fields[1].value`. */
function pathOf(error: SchemaError): string {
  // Ajv writes the root as '', a zod schema as '/'.
  const keys = error.instancePath.split('/').filter((key) => key !== '');
  const extra = error.params.additionalProperty ?? error.params.missingProperty;
  if (typeof extra === 'string') keys.push(extra);
  return (
    keys
      .reduce(
        (path, key) =>
          /^\d+$/.test(key) ? `${path}[${key}]` : `${path}.${key}`,
        '',
      )
      .replace(/^\./, '') || '(body)'
  );
}

function messageOf(error: SchemaError): string {
  switch (error.keyword) {
    case 'type':
      return (
        expected[String(error.params.type)] ??
        `Expected ${String(error.params.type)}`
      );
    case 'additionalProperties':
      return 'Unknown key';
    case 'required':
      return 'Missing';
    case 'anyOf':
      return 'Expected text or an object of texts';
    default:
      return error.message ?? 'Invalid';
  }
}

/** A body that breaks its route's JSON Schema, as one issue per path in the shape of every other 400. */
export function validationIssues(
  error: Pick<FastifyError, 'validation'>,
): Array<{ path: string; message: string }> {
  const issues = new Map<string, string>();
  // `anyOf` reports each branch that failed, then itself; its own message is the one to keep.
  for (const schemaError of error.validation ?? []) {
    // A zod schema names every unknown key of an object in one issue; each is a path of its own.
    const unknownKeys = schemaError.params.keys;
    if (
      schemaError.keyword === 'unrecognized_keys' &&
      Array.isArray(unknownKeys)
    )
      for (const key of unknownKeys)
        issues.set(
          pathOf({ ...schemaError, params: { additionalProperty: key } }),
          'Unknown key',
        );
    else issues.set(pathOf(schemaError), messageOf(schemaError));
  }
  return [...issues].map(([path, message]) => ({ path, message }));
}

/**
 * Every answer is JSON in the project's shape, including Fastify's own 400/413/415.
 * Faults of the server itself (a database that is down or full) are 503, never a 5xx a client caused.
 */
export function registerErrorShape(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    // A download that failed before its first byte (a CSV export whose read failed) has set its
    // own type and file name already; the answer is JSON, not a file.
    reply.removeHeader('content-disposition');
    reply.type('application/json; charset=utf-8');
    if (status === 413)
      return reply.code(413).send({
        error: 'payload_too_large',
        message: 'The application is larger than 64 KiB.',
      });
    if (status === 415)
      return reply.code(415).send({
        error: 'unsupported_media_type',
        message: 'Send the application as application/json.',
      });
    if (error.validation)
      return reply
        .code(400)
        .send({ error: 'validation', issues: validationIssues(error) });
    if (status === 429)
      return reply
        .code(429)
        .send({ error: 'rate_limited', message: error.message });
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code }, 'request refused');
      return reply
        .code(status)
        .send({ error: 'bad_request', message: error.message });
    }
    const fault = storageFaultOf(error);
    request.log.error(
      { err: error },
      fault ? `request failed: ${fault}` : 'request failed',
    );
    return reply.code(503).send({
      error: 'unavailable',
      message: 'The server could not complete this request; please try again.',
    });
  });
}
