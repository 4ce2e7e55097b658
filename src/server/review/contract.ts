import type { FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { refusalSchema } from '#review-api/common.ts';
import type { Endpoint } from '#review-api/endpoint.ts';

/**
 * The routes of this plugin check requests and answers against the contract's zod schemas, and take
 * their types from them. Plugins are encapsulated, so routes elsewhere keep their JSON Schemas.
 */
export function withContract(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app.withTypeProvider<ZodTypeProvider>();
}

type RouteOf<E extends Endpoint> = {
  method: E['method'];
  url: E['path'];
  schema: {
    params: E['params'];
    querystring: E['query'];
    body: E['body'];
    // A file download answers with a stream, which no schema describes.
    response: E extends { responses: object }
      ? E['responses'] & { '4xx': typeof refusalSchema }
      : undefined;
  };
};

/** A route's method, address and schemas, from its endpoint; any refusal has the shape of every 4xx. */
export function routeOf<E extends Endpoint>(endpoint: E): RouteOf<E> {
  const schema = {
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.body && { body: endpoint.body }),
    ...(endpoint.responses && {
      response: { ...endpoint.responses, '4xx': refusalSchema },
    }),
  };
  return {
    method: endpoint.method,
    url: endpoint.path,
    schema: schema as RouteOf<E>['schema'],
  };
}
