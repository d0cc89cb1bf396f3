// Test-only: HTTP/1.1 over a raw socket, for request forms fetch() and inject() cannot make
// (absolute-form targets, unnormalised paths, duplicate headers, broken framing, slow bodies).
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface RawResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  /** True when the server closed the connection. */
  closed: boolean;
  json(): unknown;
}

/** Listens on a free loopback port and answers it. */
export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a port');
  return address.port;
}

/** `METHOD target HTTP/1.1` with the given header lines (in order, duplicates kept), then the body. */
export function requestText(method: string, target: string, headerLines: ReadonlyArray<string>, body = ''): string {
  return `${method} ${target} HTTP/1.1\r\n${headerLines.map((line) => `${line}\r\n`).join('')}\r\n${body}`;
}

/**
 * Sends `text` as is and answers the first response: complete once its Content-Length (or, for a
 * stream, its headers) arrived, or once the server closed the connection. Rejects after `timeoutMs`.
 */
export function rawRequest(port: number, text: string, options: { timeoutMs?: number; headersOnly?: boolean } = {}): Promise<RawResponse> {
  return exchange(port, (socket) => socket.write(text), options);
}

/**
 * Sends `head` (request line and headers), then `body` one byte every `everyMs` (a client that
 * dribbles its body), and answers whatever the server sends back.
 */
export function dribbledRequest(
  port: number,
  head: string,
  body: string,
  everyMs: number,
  options: { timeoutMs?: number; waitForClose?: boolean } = {},
): Promise<RawResponse> {
  return exchange(
    port,
    (socket) => {
      socket.write(head);
      let sent = 0;
      const timer = setInterval(() => {
        if (socket.destroyed || sent >= body.length) return clearInterval(timer);
        socket.write(body.charAt(sent++));
      }, everyMs);
      socket.once('close', () => clearInterval(timer));
    },
    options,
  );
}

interface ExchangeOptions {
  timeoutMs?: number;
  /** Answer once the stream's headers arrived (an event stream never ends). */
  headersOnly?: boolean;
  /** Answer only once the server closed the connection. */
  waitForClose?: boolean;
}

function exchange(port: number, send: (socket: Socket) => void, options: ExchangeOptions): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let received = Buffer.alloc(0);
    let done = false;
    const finish = (closed: boolean) => {
      if (done || (options.waitForClose && !closed)) return;
      const parsed = parseResponse(received, closed, options.headersOnly ?? false);
      if (!parsed) {
        if (closed) fail(new Error(`connection closed without a complete response: ${JSON.stringify(received.toString('latin1'))}`));
        return;
      }
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parsed);
    };
    const fail = (error: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      reject(error);
    };
    const timer = setTimeout(
      () => fail(new Error(`no response within ${options.timeoutMs ?? 5000} ms: ${JSON.stringify(received.toString('latin1'))}`)),
      options.timeoutMs ?? 5000,
    );
    socket.on('connect', () => send(socket));
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      finish(false);
    });
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
  });
}

function parseResponse(bytes: Buffer, closed: boolean, headersOnly: boolean): RawResponse | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const statusCode = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = bytes.subarray(end + 4);
  const length = headers['content-length'] !== undefined ? Number(headers['content-length']) : undefined;
  if (!headersOnly && !closed && (length === undefined || rest.length < length)) return undefined;
  const body = (length !== undefined ? rest.subarray(0, length) : rest).toString('utf8');
  return { statusCode, headers, body, closed, json: () => JSON.parse(body) };
}
