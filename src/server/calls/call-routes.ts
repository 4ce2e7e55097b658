import type { FastifyInstance } from 'fastify';
import { callStatusOf, unmetEligibility } from '#engine/calls.ts';
import { checkWizardConfig } from '#engine/config-schema.ts';
import {
  createCall,
  listCalls,
  updateCall,
  type Call,
} from '#review-api/calls.ts';
import type { ApplicationsRepository } from '../db/applications-repository.ts';
import type { LiveCalls } from '../form/live-form.ts';
import { routeOf, withContract } from '../review/contract.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import { requireRole } from '../staff/staff-auth.ts';
import type { CallRecord, CallStore } from './call-store.ts';

type Options = {
  calls: LiveCalls;
  store: CallStore;
  repository: ApplicationsRepository;
  audit: AuditLog;
  now: () => Date;
};

const notFound = (slug: string) => ({
  error: 'not_found',
  message: `There is no call "${slug}".`,
});

/** Which settings a change names, for the audit: never their values beyond the title. */
const changedSettings = (changes: object) =>
  Object.keys(changes)
    .filter((key) => (changes as Record<string, unknown>)[key] !== undefined)
    .join(', ');

/**
 * The calls, for staff: reviewers read them, admins make and change them. Each change reaches
 * every process at its next look (the live calls' poll); this one looks at once.
 */
export async function callRoutes(
  plainApp: FastifyInstance,
  { calls, store, repository, audit, now }: Options,
) {
  const app = withContract(plainApp);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  const callOf = (
    record: CallRecord,
    tally: { applications: number; accepted: number } | undefined,
  ): Call => ({
    slug: record.slug,
    title: record.title,
    summary: record.summary,
    status: callStatusOf(record, now()),
    opensAt: record.opensAt,
    closesAt: record.closesAt,
    places: record.places,
    eligibility: record.eligibility,
    archived: record.archived,
    default: record.isDefault,
    applications: tally?.applications ?? 0,
    accepted: tally?.accepted ?? 0,
  });

  const withTally = async (record: CallRecord) =>
    callOf(record, (await store.tallies()).get(record.slug));

  app.route({
    ...routeOf(listCalls),
    preHandler: requireRole('reviewer'),
    handler: async () => {
      const [records, tallies] = await Promise.all([
        store.list(),
        store.tallies(),
      ]);
      return records
        .sort(
          (a, b) =>
            Number(b.isDefault) - Number(a.isDefault) ||
            b.createdAt.localeCompare(a.createdAt),
        )
        .map((record) => callOf(record, tallies.get(record.slug)));
    },
  });

  app.route({
    ...routeOf(createCall),
    preValidation: requireRole('admin'),
    handler: async (request, reply) => {
      const { copyFrom, ...settings } = request.body;
      const source = copyFrom ? calls.get(copyFrom) : calls.byDefault();
      if (!source)
        return reply.code(400).send({
          error: 'validation',
          issues: [
            {
              path: 'copyFrom',
              message: `There is no call "${copyFrom ?? ''}" to copy the form of.`,
            },
          ],
        });
      const checked = checkWizardConfig(source.form.config);
      if (!checked.ok)
        throw new Error(`call ${source.call.slug}'s form fails its check`);
      const created = await store.create({
        ...settings,
        config: checked.config,
        by: request.staff?.email ?? null,
      });
      if (created === 'taken')
        return reply.code(409).send({
          error: 'conflict',
          issues: [
            {
              path: 'slug',
              message: `The address “${settings.slug}” is taken by another call, now or before; choose another.`,
            },
          ],
        });
      await audit.record({
        actor: request.staff?.email ?? '',
        action: 'call_created',
        subject: created.slug,
        address: request.ip,
        detail: `“${created.title}”, its form copied from ${source.call.slug}`,
      });
      await calls.refresh();
      return reply.code(201).send({ slug: created.slug });
    },
  });

  app.route({
    ...routeOf(updateCall),
    preValidation: requireRole('admin'),
    handler: async (request, reply) => {
      const { slug } = request.params;
      const before = await store.get(slug);
      if (!before) return reply.code(404).send(notFound(slug));
      const { default: makeDefault, ...changes } = request.body;
      if (makeDefault && before.archived && changes.archived !== false)
        return reply.code(400).send({
          error: 'validation',
          issues: [
            {
              path: 'default',
              message:
                'An archived call cannot be the one the home page serves; unarchive it first.',
            },
          ],
        });
      if (changes.archived && before.isDefault && !makeDefault)
        return reply.code(400).send({
          error: 'validation',
          issues: [
            {
              path: 'archived',
              message:
                'The home page serves this call: make another call the default before archiving it.',
            },
          ],
        });
      const after = await store.update(slug, changes);
      if (!after) return reply.code(404).send(notFound(slug));
      if (makeDefault) await store.makeDefault(slug);
      if (changes.eligibility !== undefined)
        await repository.recheckEligibility(slug, (facts) =>
          unmetEligibility(after.eligibility, facts),
        );
      await audit.record({
        actor: request.staff?.email ?? '',
        action: 'call_changed',
        subject: slug,
        address: request.ip,
        detail: changedSettings(request.body),
      });
      await calls.refresh();
      const current = (await store.get(slug)) ?? after;
      return withTally(current);
    },
  });
}
