import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WizardConfig } from '#engine/config-schema.ts';

function originOf(address: string | undefined): string[] {
  if (!address) return [];
  try {
    return [new URL(address).origin];
  } catch {
    return [];
  }
}

/** The error-reporting DSN names its ingest host after the key: `https://key@o1.ingest.example/1`. */
function connectSources(config: WizardConfig): string[] {
  return [
    "'self'",
    ...originOf(config.analytics?.host),
    ...originOf(config.errorReporting?.dsn),
  ];
}

type SetHeaders = ReturnType<typeof helmet>;

/**
 * A CSP with no inline script or style but the page's own (each allowed by its hash), the app's
 * own assets and images, and only the configured analytics and error-reporting hosts to connect
 * to; framed by none but `frameAncestors`, the sites a page may be shown in (by default nobody;
 * `'self'`: the server's own pages only).
 * Helmet is built once per published form: its Fastify plugin builds it again for every request,
 * which cost a few percent of a submission's time.
 */
export function buildSecurityHeaders(
  config: WizardConfig,
  inlineHashes: { scripts: string[]; styles: string[] },
  { frameAncestors = [] }: { frameAncestors?: readonly string[] } = {},
): SetHeaders {
  const isFramed = frameAncestors.length > 0;
  const isFramedElsewhere = frameAncestors.some((site) => site !== "'self'");
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        frameAncestors: isFramed ? [...frameAncestors] : ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", ...inlineHashes.scripts],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", ...inlineHashes.styles],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: connectSources(config),
        manifestSrc: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // X-Frame-Options can name no other site: a page those sites may frame leaves it to the CSP.
    // Otherwise it says SAMEORIGIN, which older browsers read where the CSP says 'none' or 'self'.
    xFrameOptions: !isFramedElsewhere,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  });
}

/** Sets the headers of the form a request is answered with (a call's page: that call's) on every answer. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  headersFor: (request: FastifyRequest) => SetHeaders,
): void {
  app.addHook('onRequest', (request, reply, done) => {
    headersFor(request)(request.raw, reply.raw, (error) =>
      done(error as Error),
    );
  });
}
