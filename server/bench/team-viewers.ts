// The team bench's viewers: SSE clients that note, per event, when it arrived (to time delivery)
// and which seqs came (to prove none was lost or repeated). They behave as EventSource does:
// a connection that drops is opened again with Last-Event-ID.
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { FINAL_RUN_STATUSES, type RunStatus } from '@planvas/shared';

/** Reconnects one viewer may make before it gives up (a server that keeps cutting it off is a failure, not noise). */
const MAX_RECONNECTS = 5;

export interface Viewer {
  runId: string;
  /** The API instance it watches through (its label: `embedded`, `A` or `B`). */
  instance: string;
  /** Seqs in the order they arrived, repeats included. */
  readonly seqs: number[];
  /** Delivery times (ms) of the events appended after this viewer's stream opened: earlier ones came from the log, not live. */
  readonly latencies: number[];
  /** Date.now() when the last event arrived. */
  lastAt: number;
  /** A final run_status (completed, failed, cancelled) has arrived. */
  finalSeen: boolean;
  /** The run was taken over by another worker (its previous one stopped renewing the lease). */
  takenOver: boolean;
  /** Events whose timestamp is earlier than the one before them (an event stamped when emitted, stored after later-stamped ones). */
  stampedEarlier: number;
  /** Times the connection dropped and was opened again with Last-Event-ID. */
  reconnects: number;
  /** Why the viewer stopped before it was closed (a refused reconnect, too many drops), if it did. */
  failure?: string;
  close(): void;
}

interface Envelope {
  seq: number;
  type: string;
  timestamp: string;
  data: { status?: unknown; reason?: unknown };
}

/** Opens a viewer of `runId` on `base`; resolves once the stream is open (rejects on any answer but 200). */
export async function openViewer(base: string, runId: string, instance: string): Promise<Viewer> {
  let current: { req: ClientRequest; res: IncomingMessage } | undefined;
  let closed = false;
  const viewer: Viewer = {
    runId,
    instance,
    seqs: [],
    latencies: [],
    lastAt: 0,
    finalSeen: false,
    takenOver: false,
    stampedEarlier: 0,
    reconnects: 0,
    close: () => {
      closed = true;
      current?.res.destroy();
      current?.req.destroy();
    },
  };
  let previousStamp = 0;
  const connect = async (): Promise<void> => {
    const lastSeq = viewer.seqs.at(-1);
    current = await openStream(`${base}/api/runs/${runId}/stream`, lastSeq, (frames, receivedAt, openedAt) => {
      for (const envelope of frames) {
        viewer.seqs.push(envelope.seq);
        const appendedAt = Date.parse(envelope.timestamp);
        if (appendedAt < previousStamp) viewer.stampedEarlier++;
        previousStamp = appendedAt;
        // An event appended before the stream opened was read from the log: its wait says nothing about delivery.
        if (appendedAt >= openedAt) viewer.latencies.push(receivedAt - appendedAt);
        if (envelope.type !== 'run_status') continue;
        if (FINAL_RUN_STATUSES.includes(envelope.data.status as RunStatus)) viewer.finalSeen = true;
        if (String(envelope.data.reason ?? '').startsWith('Resumed on worker')) viewer.takenOver = true;
      }
      viewer.lastAt = receivedAt;
    });
    current.res.once('close', () => {
      if (closed) return;
      // As EventSource would: open again from the last seq seen; counted, since it should not happen here.
      if (++viewer.reconnects > MAX_RECONNECTS) {
        viewer.failure = `dropped ${viewer.reconnects} times`;
        return;
      }
      connect().catch((error: unknown) => (viewer.failure = `reconnect refused: ${error instanceof Error ? error.message : String(error)}`));
    });
  };
  await connect();
  return viewer;
}

/**
 * One SSE connection (a fresh socket, no agent: 500 of them must not queue behind a pool). Calls
 * `onFrames` once per chunk with the events it completed, the chunk's arrival time and when the
 * stream opened.
 */
function openStream(
  url: string,
  lastSeq: number | undefined,
  onFrames: (frames: Envelope[], receivedAt: number, openedAt: number) => void,
): Promise<{ req: ClientRequest; res: IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'text/event-stream', ...(lastSeq !== undefined ? { 'last-event-id': String(lastSeq) } : {}) };
    const req = request(url, { headers, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => reject(new Error(`GET ${url}: ${res.statusCode} ${body.slice(0, 300)}`)));
        return;
      }
      const openedAt = Date.now();
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const receivedAt = Date.now();
        buffer += chunk;
        const frames: Envelope[] = [];
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          // Only frames with an id are events; comments (heartbeats) and notices carry none.
          if (!block.startsWith('id: ') && !block.includes('\nid: ')) continue;
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data !== undefined) frames.push(JSON.parse(data.slice(6)) as Envelope);
        }
        if (frames.length > 0) onFrames(frames, receivedAt, openedAt);
      });
      // A reset from the server (a cut-off viewer) surfaces as an error; 'close' follows and reconnects.
      res.on('error', () => undefined);
      resolve({ req, res });
    });
    req.on('error', reject);
    req.end();
  });
}

/** What one viewer saw against the run's log (seqs 1..eventCount, each once, in order). */
export interface ViewerCheck {
  /** Seqs of the log the viewer never got. */
  missing: number[];
  /** Seqs it got more than once. */
  repeated: number[];
  /** Receipts beyond each seq's first (what `repeated` cost). */
  extra: number;
  /** Seqs it got that the log does not hold (past its end). */
  unknown: number[];
  /** Events that came after one with a higher seq. */
  outOfOrder: number;
}

export function checkViewer(viewer: Viewer, eventCount: number): ViewerCheck {
  const times = new Map<number, number>();
  let outOfOrder = 0;
  let highest = 0;
  for (const seq of viewer.seqs) {
    times.set(seq, (times.get(seq) ?? 0) + 1);
    if (seq < highest) outOfOrder++;
    highest = Math.max(highest, seq);
  }
  const missing: number[] = [];
  for (let seq = 1; seq <= eventCount; seq++) if (!times.has(seq)) missing.push(seq);
  const repeated = [...times].filter(([, n]) => n > 1).map(([seq]) => seq);
  const extra = [...times.values()].reduce((sum, n) => sum + n - 1, 0);
  const unknown = [...times.keys()].filter((seq) => seq > eventCount || seq < 1);
  return { missing, repeated, extra, unknown, outOfOrder };
}

/** `1-3, 7, 9-12`: seqs short enough for a report line. */
export function seqRanges(seqs: readonly number[], max = 12): string {
  const sorted = [...seqs].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    ranges.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return ranges.length > max ? `${ranges.slice(0, max).join(', ')}, … (${ranges.length - max} more ranges)` : ranges.join(', ');
}
