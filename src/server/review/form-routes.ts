import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkWizardConfig, type WizardConfig } from '#engine/config-schema.ts';
import { describeFormChanges } from '#engine/form-changes.ts';
import {
  checkForm,
  discardFormDraft,
  listFormVersions,
  maxImageBytes,
  nothingToPublish,
  nothingToRestore,
  publishForm as publishFormEndpoint,
  readForm,
  readFormVersion,
  restoreFormVersion,
  saveFormDraft,
} from '#review-api/form.ts';
import type { ApplicationsRepository } from '../db/applications-repository.ts';
import { countDroppedAnswers } from '../form/answered-questions.ts';
import type { FormImages } from '../form/form-images.ts';
import type { ImageQueue } from '../form/image-queue.ts';
import type { FormStore } from '../form/form-store.ts';
import type { LiveCalls } from '../form/live-form.ts';
import { publishForm, type PublishResult } from '../form/publish-form.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import { requireRole } from '../staff/staff-auth.ts';
import { checkFormConfig } from '../wizard-config.ts';
import { routeOf, withContract } from './contract.ts';
import { formImageRoute } from './form-image-route.ts';

type Options = {
  calls: Pick<LiveCalls, 'get' | 'refresh'>;
  audit: AuditLog;
  repository: ApplicationsRepository;
  images: FormImages;
  queue: ImageQueue;
};

/**
 * The form editor's addresses from before calls (`/api/review/form…`), rewritten to name the
 * default call's form; its images belong to no call.
 */
export function withDefaultCallForm(url: string, defaultSlug: string): string {
  return /^\/api\/review\/form(?!\/images)(?=[/?]|$)/.test(url)
    ? url.replace(
        '/api/review/form',
        `/api/review/calls/${encodeURIComponent(defaultSlug)}/form`,
      )
    : url;
}

/** A form's configuration is larger than an application: room for a long form and its texts. */
const configBodyLimit = 1024 * 1024;

/** The refusal of a publish that did not start from the published version, with what that version changed. */
const staleRefusal = (
  baseVersion: number,
  outcome: Extract<PublishResult, { kind: 'stale' }>,
) => ({
  error: 'conflict',
  message: `Version ${outcome.current} was published after the version ${baseVersion} you edited${
    outcome.changes.length > 0 ? ` (${outcome.changes.join('; ')})` : ''
  }. Nothing was overwritten: open the newest version, make your changes there, and publish again.`,
  version: outcome.current,
  changes: outcome.changes,
});

const notFound = (version: number) => ({
  error: 'not_found',
  message: `There is no version ${version} of the form.`,
});

/** The form editor's API, for admins: each call's published form, its draft and its versions; the images. */
export async function formRoutes(
  plainApp: FastifyInstance,
  { calls, audit, repository, images, queue }: Options,
) {
  const app = withContract(plainApp);
  await app.register(multipart, {
    limits: { fileSize: maxImageBytes, files: 1, fields: 0, parts: 1 },
  });
  // Before the body is validated: a reviewer hears no, whatever they sent.
  app.addHook('preValidation', requireRole('admin'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  app.addHook('preHandler', async (request, reply) => {
    const { slug } = request.params as { slug?: string };
    if (slug !== undefined && !calls.get(slug))
      return reply
        .code(404)
        .send({ error: 'not_found', message: `There is no call "${slug}".` });
  });

  /** The form store of the call a request names; the hook above answered 404 for one that is not there. */
  const storeOf = (request: FastifyRequest) => {
    const { slug } = request.params as { slug: string };
    const call = calls.get(slug);
    if (!call) throw new Error(`call ${slug} vanished`);
    return call.store;
  };

  /** A version's configuration as this server reads it; null for none, or one it no longer reads. */
  const configOf = async (
    store: FormStore,
    version: number | undefined,
  ): Promise<WizardConfig | null> => {
    const row = await store.version(version);
    const checked = row && checkWizardConfig(row.config);
    return checked?.ok ? checked.config : null;
  };

  /** Publishes a checked form as the one who asked, from the address they asked from. */
  const publishAs = (
    request: FastifyRequest,
    config: WizardConfig,
    baseVersion: number,
    restoredFrom?: number,
  ) =>
    publishForm(
      { store: storeOf(request), audit },
      {
        config,
        by: request.staff?.email ?? null,
        address: request.ip,
        baseVersion,
        ...(restoredFrom !== undefined && { restoredFrom }),
      },
    );

  app.route({
    ...routeOf(readForm),
    handler: async (request) => {
      const store = storeOf(request);
      const [published, draft] = await Promise.all([
        store.version(),
        store.draft(),
      ]);
      // The server published the first version before it took any request.
      if (!published) throw new Error('the form has no published version');
      return {
        version: published.number,
        publishedAt: published.publishedAt,
        publishedBy: published.publishedBy,
        config: published.config as Record<string, unknown>,
        draft: (draft?.config ?? null) as Record<string, unknown> | null,
        draftSavedAt: draft?.savedAt ?? null,
        draftSavedBy: draft?.savedBy ?? null,
        draftBaseVersion: draft?.baseVersion ?? null,
      };
    },
  });

  app.route({
    ...routeOf(saveFormDraft),
    bodyLimit: configBodyLimit,
    handler: async (request) => {
      const store = storeOf(request);
      const saved = await store.saveDraft({
        config: request.body.config,
        baseVersion:
          request.body.baseVersion ?? (await store.latestNumber()) ?? 0,
        by: request.staff?.email ?? null,
      });
      return { savedAt: saved.savedAt };
    },
  });

  app.route({
    ...routeOf(discardFormDraft),
    handler: async (request, reply) => {
      await storeOf(request).discardDraft();
      return reply.code(204).send();
    },
  });

  app.route({
    ...routeOf(checkForm),
    bodyLimit: configBodyLimit,
    handler: async (request) => {
      const checked = checkFormConfig(request.body.config);
      if (!checked.ok)
        return { issues: checked.issues, changes: [], droppedQuestions: [] };
      const published = await configOf(storeOf(request), undefined);
      return {
        issues: [],
        changes: published
          ? describeFormChanges(published, checked.form.config)
          : [],
        droppedQuestions: published
          ? await countDroppedAnswers(
              repository,
              published,
              checked.form.config,
            )
          : [],
      };
    },
  });

  app.route({
    ...routeOf(publishFormEndpoint),
    bodyLimit: configBodyLimit,
    handler: async (request, reply) => {
      const checked = checkFormConfig(request.body.config);
      if (!checked.ok)
        return reply.code(400).send({
          error: 'validation',
          message: `The form has ${checked.issues.length === 1 ? 'a problem' : `${checked.issues.length} problems`} to fix before it can be published.`,
          issues: checked.issues,
        });
      const { baseVersion } = request.body;
      const before = await configOf(storeOf(request), baseVersion);
      const outcome = await publishAs(
        request,
        checked.form.config,
        baseVersion,
      );
      if (outcome.kind === 'stale')
        return reply.code(409).send(staleRefusal(baseVersion, outcome));
      if (outcome.kind === 'unchanged')
        return reply
          .code(409)
          .send({ error: 'unchanged', message: nothingToPublish });
      await storeOf(request).discardDraft();
      // This process serves it at once; the others within their next look.
      await calls.refresh();
      return reply.code(201).send({
        version: outcome.number,
        summary: outcome.summary,
        droppedQuestions: before
          ? await countDroppedAnswers(repository, before, checked.form.config)
          : [],
      });
    },
  });

  app.route({
    ...routeOf(listFormVersions),
    handler: async (request) => ({
      versions: (await storeOf(request).versions()).map((version) => ({
        version: version.number,
        publishedAt: version.publishedAt,
        publishedBy: version.publishedBy,
        summary: version.summary,
      })),
    }),
  });

  app.route({
    ...routeOf(readFormVersion),
    handler: async (request, reply) => {
      const row = await storeOf(request).version(request.params.version);
      if (!row) return reply.code(404).send(notFound(request.params.version));
      return {
        version: row.number,
        publishedAt: row.publishedAt,
        publishedBy: row.publishedBy,
        summary: row.summary,
        config: row.config as Record<string, unknown>,
      };
    },
  });

  app.route({
    ...routeOf(restoreFormVersion),
    handler: async (request, reply) => {
      const { version } = request.params;
      const store = storeOf(request);
      const row = await store.version(version);
      if (!row) return reply.code(404).send(notFound(version));
      const checked = checkFormConfig(row.config);
      if (!checked.ok)
        return reply.code(400).send({
          error: 'validation',
          message: `Version ${version} no longer passes the form's check; open it in the editor and fix it instead.`,
          issues: checked.issues,
        });
      const baseVersion = (await store.latestNumber()) ?? 0;
      const outcome = await publishAs(
        request,
        checked.form.config,
        baseVersion,
        version,
      );
      if (outcome.kind === 'stale')
        return reply.code(409).send(staleRefusal(baseVersion, outcome));
      if (outcome.kind === 'unchanged')
        return reply
          .code(409)
          .send({ error: 'unchanged', message: nothingToRestore(version) });
      // As a publish from the editor does: the draft was edited from a version now behind, and
      // kept, it would make the editor publish from that version and be refused.
      await store.discardDraft();
      await calls.refresh();
      return reply.code(201).send({
        version: outcome.number,
        summary: outcome.summary,
        config: checked.form.config,
      });
    },
  });

  formImageRoute(app, { images, queue });
}
