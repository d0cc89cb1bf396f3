import type { ApiErrorBody, ErrorDetail } from '@planvas/shared';

/**
 * The one error answer of the server. Every 4xx/5xx is built from it by the error handler
 * (plugins/error-handler.ts), so a client (or the CLI) sees the same `{ statusCode, code,
 * message, details }` everywhere. Thrown directly only for HTTP concerns (a header, a query
 * parameter, a body that is not JSON); what storage, runs and the engine refuse are domain errors
 * (domain-errors.ts), which the error handler maps to an ApiError.
 * `extra` carries fields that belong next to the error, e.g. `currentRevision` on a 412.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly extra: Record<string, unknown> = {},
    /** Response headers that belong to the error (WWW-Authenticate on a 401, ETag on a 412). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): ApiErrorBody & Record<string, unknown> {
    return { statusCode: this.statusCode, code: this.code, message: this.message, details: this.details, ...this.extra };
  }
}

/** Fastify's own status codes -> our stable error codes. */
const CODE_OF_STATUS: Readonly<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  412: 'precondition_failed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable_entity',
  428: 'precondition_required',
  429: 'too_many_requests',
  431: 'header_too_large',
  503: 'service_unavailable',
};

export function codeForStatus(status: number): string {
  return CODE_OF_STATUS[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
}
