import type { FastifyInstance } from 'fastify';

/** Every page address without a route of its own leads back to the wizard; an API address is a 404. */
export function registerPageFallback(app: FastifyInstance): void {
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
}
