import { openChangeStream, type StreamSource } from './connection-signals';
import { frameObject } from './frame-json';

/**
 * The live changes of one workflow's documents (`GET /api/workflows/:id/changes`, Server-Sent
 * Events): `ready` with the revisions on disk when the stream (re)opens, then a `change` per new
 * revision, whoever made it. The browser's EventSource reconnects by itself; every reconnect
 * starts with a fresh `ready`, which is all the state there is (the server keeps no replay).
 */
export type DocumentName = 'plan' | 'step_config';

export type WorkflowChangeEvent =
  | { type: 'ready'; workflowId: string; planRevision: string | null; stepConfigRevision: string | null }
  | {
      type: 'change';
      workflowId: string;
      document: DocumentName;
      revision: string | null;
      deleted?: boolean;
      origin: 'planvas' | 'disk';
      clientId?: string;
    };

export type WorkflowChangeListener = (event: WorkflowChangeEvent) => void;

/** The part of the browser's EventSource used here (tests pass a double). */
export type ChangesEventSource = StreamSource;
export type ChangesEventSourceFactory = (url: string) => ChangesEventSource;

const browserEventSource: ChangesEventSourceFactory = (url) => new EventSource(url);

/**
 * Opens the stream; returns the function that closes it. Frames that are not JSON are ignored.
 * Drops are reported to the connection indicator; a stream the browser gave up on opens again once
 * the server is back (api/connection-signals.ts), and its first `ready` brings the page up to date.
 */
export function followWorkflowChanges(
  url: string,
  listener: WorkflowChangeListener,
  createEventSource: ChangesEventSourceFactory = browserEventSource,
): () => void {
  const on = (type: 'ready' | 'change') => (event: MessageEvent) => {
    const parsed = parseFrame(type, event.data);
    if (parsed) listener(parsed);
  };
  return openChangeStream(() => createEventSource(url), { ready: on('ready'), change: on('change') });
}

function parseFrame(type: 'ready' | 'change', data: unknown): WorkflowChangeEvent | undefined {
  const b = frameObject(data);
  if (!b) return undefined;
  const revision = (v: unknown) => (typeof v === 'string' ? v : null);
  if (typeof b.workflowId !== 'string') return undefined;
  if (type === 'ready') return { type, workflowId: b.workflowId, planRevision: revision(b.planRevision), stepConfigRevision: revision(b.stepConfigRevision) };
  if (b.document !== 'plan' && b.document !== 'step_config') return undefined;
  return {
    type,
    workflowId: b.workflowId,
    document: b.document,
    revision: revision(b.revision),
    ...(b.deleted === true ? { deleted: true } : {}),
    origin: b.origin === 'planvas' ? 'planvas' : 'disk',
    ...(typeof b.clientId === 'string' ? { clientId: b.clientId } : {}),
  };
}
