import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { issuesToDetails } from '@planvas/shared';
import { Conflict, DomainError, InvalidInput, NotFound, StaleRevision, Unavailable, Unprocessable, UpstreamFailed } from '../errors/domain-errors';
import { ApiError, codeForStatus } from '../http/api-error';
import { fsFailureAsApiError } from '../http/fs-error';
import { messages } from '../errors/messages';
import { etagOf } from '../workspace/revision';
import type { PathRedactor } from './server-path-redaction';
import { RequestSchemaViolation } from './zod-route-schemas';

/** Answers a request no route matched (the web app's index.html for its routes): true when it did. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

export interface ErrorHandlerOptions {
  onNotFound?: NotFoundFallback;
  /** Takes the server's absolute paths out of every error answer (see server-path-redaction.ts). */
  redactPaths?: PathRedactor;
}

/**
 * One error shape for every 4xx/5xx, Fastify's own included (415, 413, bad URLs, unknown routes):
 * `{ statusCode, code, message, details: [{ path, message }] }`, with no absolute server path in it.
 * The domain errors of storage, runs and the engine get their HTTP status here (toApiError), and
 * nowhere else.
 */
export const errorHandler = fp(
  async function errorHandler(app: FastifyInstance, options: ErrorHandlerOptions) {
    const redact = options.redactPaths ?? ((text: string) => text);
    app.setErrorHandler((error: unknown, request, reply) => {
      const apiError = withoutServerPaths(toApiError(error, request), redact);
      if (apiError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      for (const [name, value] of Object.entries(apiError.headers)) reply.header(name, value);
      return reply.status(apiError.statusCode).type('application/json; charset=utf-8').send(apiError.toBody());
    });
    app.setNotFoundHandler((request, reply) => {
      // Not awaited: a reply is a thenable that settles once it has been sent, so awaiting the
      // fallback's answer (index.html) used to fall through and send the 404 after it as well.
      if (options.onNotFound?.(request, reply)) return reply;
      const error = withoutServerPaths(
        new ApiError(404, 'not_found', messages.notFoundRoute(request.method, request.url.split('?')[0] ?? request.url)),
        redact,
      );
      return reply.status(404).type('application/json; charset=utf-8').send(error.toBody());
    });
  },
  { name: 'planvas-error-handler' },
);

/** The same error with the server's absolute paths taken out of its message and details. */
export function withoutServerPaths(error: ApiError, redact: PathRedactor): ApiError {
  const details = error.details.map((d) => ({ path: redact(d.path), message: redact(d.message) }));
  return new ApiError(error.statusCode, error.code, redact(error.message), details, error.extra, error.headers);
}

/** The HTTP status of each kind of domain error (domain-errors.ts); undefined for none of them. */
function statusOfDomainError(error: DomainError): number | undefined {
  if (error instanceof InvalidInput) return 400;
  if (error instanceof NotFound) return 404;
  if (error instanceof Conflict) return 409;
  if (error instanceof StaleRevision) return 412;
  if (error instanceof Unprocessable) return 422;
  if (error instanceof UpstreamFailed) return 502;
  if (error instanceof Unavailable) return 503;
  return undefined;
}

/** A domain error as its answer: its status, code, message, details and extra fields; a stale revision also sends the current ETag. */
function domainErrorAsApiError(error: DomainError): ApiError {
  const status = statusOfDomainError(error);
  if (status === undefined) return new ApiError(500, codeForStatus(500), messages.internal);
  const headers: Record<string, string> =
    error instanceof StaleRevision && typeof error.currentRevision === 'string' ? { etag: etagOf(error.currentRevision) } : {};
  return new ApiError(status, error.code, error.message, error.details, error.extra, headers);
}

/** A request part that broke its route's zod schema: the body in the route's words (config.bodyName), other parts generically. */
function schemaViolationAsApiError(error: RequestSchemaViolation, request: FastifyRequest | undefined): ApiError {
  const details = issuesToDetails(error.issues);
  if (error.httpPart === 'body')
    return new ApiError(400, 'schema_violation', messages.schemaViolation(request?.routeOptions.config.bodyName ?? 'request body'), details);
  return new ApiError(400, 'bad_request', messages.requestPartInvalid(error.httpPart), details);
}

/**
 * Any error as the answer it gets: an ApiError as it is, a domain error or a schema violation by
 * the rules above, a file system that refuses a write by fs-error.ts, Fastify's own errors by
 * their codes. `request` (absent in unit tests) names the server's folders and the route.
 */
export function toApiError(thrown: unknown, request?: FastifyRequest): ApiError {
  if (thrown instanceof ApiError) return thrown;
  if (thrown instanceof DomainError) return domainErrorAsApiError(thrown);
  if (thrown instanceof RequestSchemaViolation) return schemaViolationAsApiError(thrown, request);
  const fsFailure = fsFailureAsApiError(thrown, request?.server.planvas);
  if (fsFailure) return fsFailure;
  const error = thrown as FastifyError;
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'payload_too_large', messages.payloadTooLarge(request?.routeOptions.bodyLimit ?? 0));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new ApiError(415, 'unsupported_media_type', messages.unsupportedMediaType(request?.headers['content-type']), [
        { path: 'Content-Type', message: 'expected application/json' },
      ]);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, 'body_missing', messages.bodyMissing);
    // The JSON writer refuses values deeper than the reader reads (shared JsonDepthError).
    case 'too_deep':
      return new ApiError(400, 'too_deep', error.message, [{ path: '$', message: error.message }]);
  }
  if (error.validation) {
    return new ApiError(
      400,
      'bad_request',
      error.message,
      error.validation.map((v) => ({ path: v.instancePath || '$', message: v.message ?? 'invalid' })),
    );
  }
  if (status >= 500) return new ApiError(status, codeForStatus(status), messages.internal);
  return new ApiError(status, codeForStatus(status), error.message);
}
