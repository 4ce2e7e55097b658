import type { FastifyInstance } from 'fastify';

/**
 * A request still in flight when the server is told to stop gets its answer, then its connection
 * is closed: kept alive, it would hold the shutdown until the client let go.
 */
export function registerClosingConnections(app: FastifyInstance): void {
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing) reply.header('Connection', 'close');
  });
}
