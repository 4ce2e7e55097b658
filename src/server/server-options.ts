import type { FastifyServerOptions } from 'fastify';
import { OneLinePerRequest } from './plugins/request-log.ts';
import { withDefaultCallForm } from './review/form-routes.ts';

/**
 * How the server reads a request: how large and how slow it may be, which proxies' word on the
 * client's address it takes, the form editor's old addresses, and schemas applied strictly.
 */
export function serverOptionsOf({
  logger,
  trustProxy,
  defaultCallSlug,
}: {
  logger: FastifyServerOptions['logger'];
  trustProxy: false | number | string[] | undefined;
  defaultCallSlug: () => string;
}): FastifyServerOptions {
  return {
    logger: logger ?? false,
    bodyLimit: 65_536,
    requestTimeout: 30_000,
    // A count of proxies believes that many hops from this server, and no more.
    trustProxy:
      typeof trustProxy === 'number'
        ? (_address, hop) => hop < trustProxy
        : (trustProxy ?? false),
    logController: new OneLinePerRequest(),
    rewriteUrl: (request) =>
      withDefaultCallForm(request.url ?? '/', defaultCallSlug()),
    // A body that breaks its schema is refused as it came: never trimmed of unknown keys or coerced.
    ajv: {
      customOptions: {
        removeAdditional: false,
        coerceTypes: false,
        allErrors: true,
      },
    },
  };
}
