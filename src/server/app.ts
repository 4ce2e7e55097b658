import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { WizardConfig } from '#engine/config-schema.ts';
import { renderIndexHtml } from './html.ts';

export type AppOptions = {
  wizardConfig: WizardConfig;
  /** The folder of the configuration file; its `images/` are served at `/images/`. */
  configDirectory: string;
  distDirectory: string;
  logger?: boolean;
};

const immutable = 'public, max-age=31536000, immutable';

/** Builds the HTTP app without listening, so tests can build any variant (STYLE §1). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 65_536,
    requestTimeout: 30_000,
  });
  const distDirectory = resolve(options.distDirectory);
  const page = renderIndexHtml(
    readFileSync(join(distDirectory, 'index.html'), 'utf8'),
    options.wizardConfig,
  );

  await app.register(fastifyStatic, {
    root: join(distDirectory, 'assets'),
    prefix: '/assets/',
    index: false,
    cacheControl: false,
    setHeaders: (reply) => reply.header('Cache-Control', immutable),
  });
  await app.register(fastifyStatic, {
    root: join(resolve(options.configDirectory), 'images'),
    prefix: '/images/',
    index: false,
    decorateReply: false,
    maxAge: '1d',
  });

  app.get('/', (_request, reply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page),
  );

  // Specification §2: the empty path is the only route; every other page address leads back to it.
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/');
    if (isPage) return reply.redirect('/', 302);
    return reply.code(404).send({
      error: 'not_found',
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
    });
  });

  return app;
}
