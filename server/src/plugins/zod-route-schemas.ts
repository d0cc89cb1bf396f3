import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginOptions,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifyTypeProvider,
  preValidationAsyncHookHandler,
  RawServerDefault,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { requireBody } from '../http/body';

/**
 * Route schemas are zod schemas (shared's request bodies): a route declares
 * `{ schema: { params, body }, config: { bodyName } }` and its handler gets `request.body` parsed
 * and typed. A route plugin typed with `ZodRoutes` (or `app.withTypeProvider<ZodTypeProvider>()`)
 * infers the types from the schemas.
 *
 * What a 400 says is the same as when routes parsed their bodies by hand: a request without a
 * body is `body_missing` (http/body.ts), checked after the route's own preValidation hooks; a
 * body that breaks the schema is `schema_violation`, "The <bodyName> does not match the schema",
 * with a detail per problem (`$.steps[1].title`), built by the error handler from zod's issues.
 * Only bodies are validated here: query strings keep their own checks (routes/runs/run-params.ts).
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route's JSON body is, in the words of its 400 (`The ${bodyName} does not match the schema`). Required with `schema.body`. */
    bodyName?: string;
    /** The body the route validates when the request has none, or JSON `null` (an optional body); without it a missing body is 400 body_missing. */
    bodyWhenAbsent?: Record<string, unknown>;
  }
}

/** A request part (`body`, `params`) that breaks its route's zod schema, with zod's issues; the error handler answers 400. */
export class RequestSchemaViolation extends Error {
  constructor(
    readonly httpPart: string,
    readonly issues: ReadonlyArray<z.core.$ZodIssue>,
  ) {
    super(`the request ${httpPart} does not match the route's schema`);
    this.name = 'RequestSchemaViolation';
  }
}

const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data: unknown) => {
    const parsed = schema.safeParse(data);
    return parsed.success ? { value: parsed.data } : { error: new RequestSchemaViolation(httpPart ?? 'body', parsed.error.issues) };
  };

/** A route plugin whose routes' types come from their zod schemas. */
export type ZodRoutes<Options extends FastifyPluginOptions = Record<never, never>> = FastifyPluginAsync<Options, RawServerDefault, ZodTypeProvider>;

/** Requires a body (or puts the route's `bodyWhenAbsent` in its place), as the last preValidation hook of a route with a body schema. */
const bodyPresence: preValidationAsyncHookHandler = async function bodyPresence(request: FastifyRequest) {
  const absent = request.routeOptions.config.bodyWhenAbsent;
  if (absent !== undefined && (request.body === undefined || request.body === null)) request.body = structuredClone(absent);
  else requireBody(request.body);
};

export const zodRouteSchemas = fp(
  async function zodRouteSchemas(app: FastifyInstance) {
    app.setValidatorCompiler(validatorCompiler);
    app.addHook('onRoute', (route: RouteOptions) => {
      if (route.schema?.body === undefined) return;
      if (!route.config?.bodyName) throw new Error(`${route.method.toString()} ${route.url}: a route with a body schema needs config.bodyName`);
      // After the route's own hooks: a check they make (a layout's direction) answers before the body's.
      const own = route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation];
      route.preValidation = [...own, bodyPresence];
    });
  },
  { name: 'planvas-zod-route-schemas' },
);
