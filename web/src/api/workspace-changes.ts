import type { ChangesEventSourceFactory, DocumentName } from './changes-stream';
import { openChangeStream } from './connection-signals';
import { frameObject } from './frame-json';

/**
 * The live changes of the whole workspace (`GET /api/changes`, Server-Sent Events): `ready` with
 * every workflow's revisions when the stream (re)opens, a `change` per new revision of any
 * workflow's documents, and `workflows` when workflows appear or go (a copy, a rename, a delete,
 * by planvas or by hand). There is no replay: after a reconnect, `ready` is the whole state.
 */
export type WorkspaceChangeEvent =
  | { type: 'ready'; workflows: Array<{ workflowId: string; planRevision: string | null; stepConfigRevision: string | null }> }
  | { type: 'change'; workflowId: string; document: DocumentName; revision: string | null; deleted: boolean; origin: 'planvas' | 'disk' }
  | { type: 'workflows'; added: string[]; removed: string[] };

export type WorkspaceChangeListener = (event: WorkspaceChangeEvent) => void;

// A page without EventSource (an old browser, a test DOM) simply gets no live list.
const browserEventSource: ChangesEventSourceFactory = (url) =>
  typeof EventSource === 'undefined' ? { addEventListener: () => undefined, close: () => undefined } : new EventSource(url);

/**
 * Opens the stream; returns the function that closes it. Frames that are not what docs/api.md says
 * are ignored. Drops are reported to the connection indicator; a stream the browser gave up on opens
 * again once the server is back (api/connection-signals.ts), its `ready` reading the list again.
 */
export function followWorkspaceChanges(
  url: string,
  listener: WorkspaceChangeListener,
  createEventSource: ChangesEventSourceFactory = browserEventSource,
): () => void {
  const on = (type: WorkspaceChangeEvent['type']) => (event: MessageEvent) => {
    const parsed = parseWorkspaceFrame(type, event.data);
    if (parsed) listener(parsed);
  };
  return openChangeStream(() => createEventSource(url), { ready: on('ready'), change: on('change'), workflows: on('workflows') });
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const revision = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export function parseWorkspaceFrame(type: WorkspaceChangeEvent['type'], data: unknown): WorkspaceChangeEvent | undefined {
  const b = frameObject(data);
  if (!b) return undefined;
  if (type === 'workflows') return { type, added: strings(b.added), removed: strings(b.removed) };
  if (type === 'ready') {
    if (!Array.isArray(b.workflows)) return undefined;
    const workflows = b.workflows
      .filter((w): w is Record<string, unknown> => typeof w === 'object' && w !== null && typeof (w as Record<string, unknown>).workflowId === 'string')
      .map((w) => ({ workflowId: w.workflowId as string, planRevision: revision(w.planRevision), stepConfigRevision: revision(w.stepConfigRevision) }));
    return { type, workflows };
  }
  if (typeof b.workflowId !== 'string' || (b.document !== 'plan' && b.document !== 'step_config')) return undefined;
  return {
    type,
    workflowId: b.workflowId,
    document: b.document,
    revision: revision(b.revision),
    deleted: b.deleted === true,
    origin: b.origin === 'planvas' ? 'planvas' : 'disk',
  };
}
