// Test-only: an SSE client over node:http that records every frame (with or without an id).
import { request, type IncomingMessage } from 'node:http';

export interface SseEvent {
  id?: string;
  event: string;
  data: unknown;
}

export interface SseClient {
  status: number;
  headers: IncomingMessage['headers'];
  /** Every event so far, data parsed as JSON. */
  events: SseEvent[];
  comments: string[];
  /** The body of a non-200 answer (an error is JSON, not a stream). */
  body(): string;
  /** Data of the events named `name`, in order. */
  of<T = Record<string, unknown>>(name: string): T[];
  ended: Promise<void>;
  isEnded(): boolean;
  /** Drops the connection abruptly, as a network failure would (no goodbye to the server). */
  close(): void;
}

/** Opens `url` as EventSource would (Accept: text/event-stream unless `headers` say otherwise). */
export function openSse(url: string, headers: Record<string, string> = { accept: 'text/event-stream' }): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const events: SseEvent[] = [];
      const comments: string[] = [];
      let raw = '';
      let buffer = '';
      let ended = false;
      let markEnded: () => void = () => undefined;
      const endedPromise = new Promise<void>((r) => (markEnded = r));
      const end = () => {
        ended = true;
        markEnded();
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (raw.length < 65536) raw += chunk;
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let id: string | undefined;
          let event = 'message';
          let data: string | undefined;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data = (data === undefined ? '' : `${data}\n`) + line.slice(6);
          }
          if (data !== undefined) events.push({ ...(id !== undefined ? { id } : {}), event, data: JSON.parse(data) as unknown });
        }
      });
      res.on('end', end);
      res.on('close', end);
      res.on('error', end);
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        body: () => raw,
        of: <T>(name: string) => events.filter((e) => e.event === name).map((e) => e.data as T),
        ended: endedPromise,
        isEnded: () => ended,
        close: () => {
          res.destroy();
          req.destroy();
        },
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Polls until `predicate` holds. The bound is generous (a slow CI machine must not fail a test);
 * it only turns a real hang into a failure that says what never happened.
 */
export async function eventually(predicate: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (await predicate()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}
