import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError } from '../http/api-error';
import { messages } from '../errors/messages';

/** A client has this long to send a whole request, headers and body (16 MiB at ~2 Mbit/s). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
/** ... and at most this long for the headers alone. */
const MAX_HEADERS_TIMEOUT_MS = 20_000;

export interface EdgeTimeouts {
  /** Node's requestTimeout: the whole request must have arrived by then (Fastify's default, 0, never cuts off). */
  requestTimeout: number;
  /** Node's headersTimeout (at most requestTimeout, as Node requires). */
  headersTimeout: number;
  /** How often Node looks for requests past those deadlines: the cut-off comes this much late at worst. */
  connectionsCheckingInterval: number;
}

/**
 * Timeouts for a client that sends its headers or body slowly, byte by byte, to hold a
 * connection (and a body buffer) open for good. They bound receiving the request only: a
 * response that streams for hours (the event streams) is not affected.
 */
export function edgeTimeouts(requestTimeoutMs: number = DEFAULT_REQUEST_TIMEOUT_MS): EdgeTimeouts {
  const requestTimeout = Math.max(1, Math.round(requestTimeoutMs));
  return {
    requestTimeout,
    headersTimeout: Math.min(requestTimeout, MAX_HEADERS_TIMEOUT_MS),
    connectionsCheckingInterval: Math.min(5_000, Math.max(25, Math.round(requestTimeout / 4))),
  };
}

/** What Node reports on the socket (Fastify's ConnectionError, loosened: the code is all we read). */
interface ClientError extends Error {
  code?: string;
}

/**
 * Errors Node raises before there is a request to route (a header block over the limit, broken
 * chunked framing, a request line that is not HTTP, the request timeout) answered in the one
 * error shape, where a response is still possible. Registered as Fastify's clientErrorHandler.
 */
export function answerClientError(requestTimeoutMs: number): (error: ClientError, socket: Socket) => void {
  return (error, socket) => {
    // The client went away: nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (socket.writable && !responseStarted(socket)) socket.write(rawResponse(clientErrorAsApiError(error, requestTimeoutMs)));
    socket.destroy();
  };
}

export function clientErrorAsApiError(error: ClientError, requestTimeoutMs: number): ApiError {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError(408, 'request_timeout', messages.requestTimeout(requestTimeoutMs));
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError(431, 'header_too_large', messages.headerTooLarge);
    default:
      return new ApiError(400, 'malformed_request', messages.malformedRequest, error.code ? [{ path: 'request', message: error.code }] : []);
  }
}

/**
 * True once the response to the request on this socket has sent its status line: writing a
 * second one then would corrupt what the client reads. The same test Node's own clientError
 * fallback makes, on the same (undocumented, long-stable) field.
 */
function responseStarted(socket: Socket): boolean {
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  return inFlight?.headersSent === true;
}

function rawResponse(error: ApiError): string {
  const body = JSON.stringify(error.toBody());
  return (
    `HTTP/1.1 ${error.statusCode} ${STATUS_CODES[error.statusCode] ?? ''}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Connection: close\r\n\r\n' +
    body
  );
}
