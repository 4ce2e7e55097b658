import type { FastifyReply } from 'fastify';
import { maxImageBytes, uploadFormImage } from '#review-api/form.ts';
import type { FormImages } from '../form/form-images.ts';
import { ImageQueueClosed, type ImageQueue } from '../form/image-queue.ts';
import {
  ImageRefusal,
  makeImageVariants,
  checkImageHeader,
} from '../form/image-variants.ts';
import { routeOf, type withContract } from './contract.ts';

/** About how long the images ahead take to make, or a server to come back after a restart. */
const retryAfterSeconds = 5;

const refusedAs = { 415: 'unsupported_media_type', 422: 'unreadable_image' };

/** The answer to an upload that came as the server began to stop: nothing was made or kept. */
const stopping = (reply: FastifyReply) =>
  reply.code(503).header('Retry-After', retryAfterSeconds).send({
    error: 'unavailable',
    message:
      'The server is restarting, so the image was not kept. Upload it again in a moment.',
  });

/**
 * The editor's upload: one image, read by its content, refused from its header when it is too
 * large to decode, then made in its widths and formats in the process's one-at-a-time line.
 */
export function formImageRoute(
  app: ReturnType<typeof withContract>,
  { images, queue }: { images: FormImages; queue: ImageQueue },
) {
  app.route({
    ...routeOf(uploadFormImage),
    handler: async (request, reply) => {
      if (!request.isMultipart())
        return reply.code(415).send({
          error: 'unsupported_media_type',
          message: 'Send the image as multipart/form-data, in one file field.',
        });
      // Before the file is read: uploads beyond the line's places hold no memory at all.
      const place = queue.enter();
      if (place === 'closed') return stopping(reply);
      if (place === 'full')
        return reply.code(429).header('Retry-After', retryAfterSeconds).send({
          error: 'busy',
          message:
            'The server is making other images. Try again in a moment: nothing was uploaded.',
        });
      try {
        const file = await request.file();
        if (!file)
          return reply.code(400).send({
            error: 'validation',
            message: 'Choose an image to upload.',
          });
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE')
            throw error;
          return reply.code(413).send({
            error: 'too_large',
            message: `The image is larger than ${maxImageBytes / 1024 / 1024} MB. Make it smaller and upload it again.`,
          });
        }
        const format = await checkImageHeader(bytes);
        const made = await place.run((signal) =>
          makeImageVariants(
            bytes,
            format,
            request.query.for ?? 'cover',
            signal,
          ),
        );
        await images.store(made.variants);
        return reply.code(201).send(made.image);
      } catch (error) {
        if (error instanceof ImageQueueClosed) return stopping(reply);
        if (!(error instanceof ImageRefusal)) throw error;
        // The reason and the decoder's words, never the file: enough to tell a broken upload from a bug.
        request.log.info(
          { reason: error.reason, detail: error.detail },
          'image refused',
        );
        return reply
          .code(error.status)
          .send({ error: refusedAs[error.status], message: error.message });
      } finally {
        place.leave();
      }
    },
  });
}
