// Test-only: a minimal SSE client over node:http that records frames as they arrive.
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import type { EventEnvelope } from '@planvas/shared';

export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
}

export interface SseConnection {
  status: number;
  headers: IncomingMessage['headers'];
  frames: SseFrame[];
  comments: string[];
  envelopes(): EventEnvelope[];
  waitFor(predicate: () => boolean, what: string): Promise<void>;
  /** Drops the connection abruptly, as a network failure would. */
  drop(): void;
  ended: Promise<void>;
}

export function openStream(url: string, headers: Record<string, string> = { accept: 'text/event-stream' }): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const req: ClientRequest = request(url, { headers }, (res) => {
      const frames: SseFrame[] = [];
      const comments: string[] = [];
      let buffer = '';
      let endResolve: () => void;
      const ended = new Promise<void>((r) => (endResolve = r));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const frame: SseFrame = {};
          let isFrame = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) ((frame.id = line.slice(4)), (isFrame = true));
            else if (line.startsWith('event: ')) frame.event = line.slice(7);
            else if (line.startsWith('data: ')) frame.data = (frame.data === undefined ? '' : `${frame.data}\n`) + line.slice(6);
          }
          if (isFrame) frames.push(frame);
        }
      });
      res.on('end', () => endResolve());
      res.on('close', () => endResolve());
      res.on('error', () => endResolve());
      const connection: SseConnection = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        frames,
        comments,
        envelopes: () => frames.map((f) => JSON.parse(f.data ?? 'null') as EventEnvelope),
        waitFor: async (predicate, what) => {
          for (let i = 0; i < 800; i++) {
            if (predicate()) return;
            await new Promise((r) => setTimeout(r, 10));
          }
          throw new Error(`SSE: timed out waiting for ${what}`);
        },
        drop: () => {
          res.destroy();
          req.destroy();
        },
        ended,
      };
      resolve(connection);
    });
    req.on('error', reject);
    req.end();
  });
}
