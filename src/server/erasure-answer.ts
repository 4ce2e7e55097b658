import type { FastifyReply } from 'fastify';

/**
 * Answers an erasure that found its application: 204 once its bytes are gone from the database
 * files; 202, saying what is left, while a reader that began earlier (an export, a backup) still
 * holds them.
 */
export function answerErasure(
  reply: FastifyReply,
  erasure: 'erased' | 'scrubbing',
): FastifyReply {
  if (erasure === 'erased') return reply.code(204).send();
  return reply.code(202).send({
    status: 'scrubbing',
    message:
      'Erased: it can no longer be read, listed or exported. Its bytes stay in the database files until a reader that started earlier (an export or a backup) finishes; the server removes them then.',
  });
}
