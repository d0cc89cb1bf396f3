import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, codeForStatus, messages } from '../errors';
import { fsFailureAsApiError } from '../http/fs-error';
import type { PathRedactor } from './server-path-redaction';

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
 */
export const errorHandler = fp(
  async function errorHandler(app: FastifyInstance, options: ErrorHandlerOptions) {
    const redact = options.redactPaths ?? ((text: string) => text);
    app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
      const apiError = withoutServerPaths(toApiError(error, request), redact);
      if (apiError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      for (const [name, value] of Object.entries(apiError.headers)) reply.header(name, value);
      return reply.status(apiError.statusCode).type('application/json; charset=utf-8').send(apiError.toBody());
    });
    app.setNotFoundHandler((request, reply) => {
      // Not awaited: a reply is a thenable that settles once it has been sent, so awaiting the
      // fallback's answer (index.html) used to fall through and send the 404 after it as well.
      if (options.onNotFound?.(request, reply)) return reply;
      const error = withoutServerPaths(new ApiError(404, 'not_found', messages.notFoundRoute(request.method, request.url.split('?')[0] ?? request.url)), redact);
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

export function toApiError(error: FastifyError | ApiError, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  const fsFailure = fsFailureAsApiError(error, request.server.planvas);
  if (fsFailure) return fsFailure;
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'payload_too_large', messages.payloadTooLarge(request.routeOptions.bodyLimit ?? 0));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new ApiError(415, 'unsupported_media_type', messages.unsupportedMediaType(request.headers['content-type']), [
        { path: 'Content-Type', message: 'expected application/json' },
      ]);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, 'body_missing', messages.bodyMissing);
    // The JSON writer refuses values deeper than the reader reads (shared JsonDepthError).
    case 'too_deep':
      return new ApiError(400, 'too_deep', error.message, [{ path: '$', message: error.message }]);
  }
  if (error.validation) {
    return new ApiError(400, 'bad_request', error.message, error.validation.map((v) => ({ path: v.instancePath || '$', message: v.message ?? 'invalid' })));
  }
  if (status >= 500) return new ApiError(status, codeForStatus(status), messages.internal);
  return new ApiError(status, codeForStatus(status), error.message);
}
