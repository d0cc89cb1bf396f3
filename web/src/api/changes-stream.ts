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
export interface ChangesEventSource {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}
export type ChangesEventSourceFactory = (url: string) => ChangesEventSource;

const browserEventSource: ChangesEventSourceFactory = (url) => new EventSource(url);

/** Opens the stream; returns the function that closes it. Frames that are not JSON are ignored. */
export function followWorkflowChanges(
  url: string,
  listener: WorkflowChangeListener,
  createEventSource: ChangesEventSourceFactory = browserEventSource,
): () => void {
  const source = createEventSource(url);
  let closed = false;
  const on = (type: 'ready' | 'change') => (event: MessageEvent) => {
    if (closed) return;
    const parsed = parseFrame(type, event.data);
    if (parsed) listener(parsed);
  };
  source.addEventListener('ready', on('ready'));
  source.addEventListener('change', on('change'));
  return () => {
    closed = true;
    source.close();
  };
}

function parseFrame(type: 'ready' | 'change', data: unknown): WorkflowChangeEvent | undefined {
  if (typeof data !== 'string') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as Record<string, unknown>;
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
