import type { FastifyReply } from 'fastify';
import type { ApplicationsRepository } from './db/applications-repository.ts';
import type { Database } from './db/database.ts';
import { callsOf, describeCalls } from './review/audit-details.ts';
import { notFound } from './review/chosen-applications.ts';
import type { AuditLog } from './staff/audit-log.ts';

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

/**
 * Erases one application, records who did it (the audit keeps which calls it was in, not what it
 * said) and answers. The workspace's route and the admin token's route both erase through it.
 */
export async function eraseOne(
  {
    database,
    repository,
    audit,
    callTitle,
  }: {
    database: Database;
    repository: ApplicationsRepository;
    audit: AuditLog;
    callTitle: (slug: string) => string;
  },
  erasing: { id: string; actor: string; address: string },
  reply: FastifyReply,
): Promise<FastifyReply> {
  const calls = await callsOf(database.db, [erasing.id]);
  const erasure = await repository.erase(erasing.id);
  if (erasure === 'not_found') return reply.code(404).send(notFound);
  await audit.record({
    actor: erasing.actor,
    action: 'erased',
    subject: erasing.id,
    address: erasing.address,
    detail: describeCalls(calls, callTitle),
  });
  return answerErasure(reply, erasure);
}
