import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { imagePathPrefix, type FormImages } from '../form/form-images.ts';

/** Files whose name changes with their content: a browser keeps them a year. */
const immutable = 'public, max-age=31536000, immutable';

/**
 * The build's scripts and stylesheets at `/assets/`, the configuration's images at `/images/`, and
 * the form editor's uploads at `/images/uploads/`.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  {
    distDirectory,
    configDirectory,
    images,
  }: { distDirectory: string; configDirectory: string; images: FormImages },
): Promise<void> {
  await app.register(fastifyStatic, {
    root: join(distDirectory, 'assets'),
    prefix: '/assets/',
    index: false,
    // The build writes each script and stylesheet also as .br and .gz.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('Cache-Control', immutable);
    },
  });
  await app.register(fastifyStatic, {
    root: join(resolve(configDirectory), 'images'),
    prefix: '/images/',
    index: false,
    decorateReply: false,
    maxAge: '1d',
  });
  // The editor's uploads, from the database: every process serves them; the name holds their hash.
  app.get<{ Params: { name: string } }>(
    `${imagePathPrefix}:name`,
    async (request, reply) => {
      const image = await images.read(request.params.name);
      if (!image)
        return reply
          .code(404)
          .send({ error: 'not_found', message: 'There is no such image.' });
      return reply
        .header('Cache-Control', immutable)
        .type(image.contentType)
        .send(image.bytes);
    },
  );
}
