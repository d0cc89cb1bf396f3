import type { PlanDocument } from '@planvas/shared';
import { ApiError } from '../api/api-error';
import type { AuthoringApi } from '../api/authoring-api';
import type { WorkflowChangeEvent } from '../api/changes-stream';
import type { PlanvasApi } from '../api/client';
import type { WorkflowDocument } from '../api/types';
import type { AppStore } from '../store/app-store';
import { planDocumentOf } from '../store/document/plan-document';
import { sameJson } from '../store/document/json-merge';

/** The API calls saving and syncing need: reading a workflow again, and the writing half. */
export type SaveApi = Pick<PlanvasApi, 'getWorkflow' | 'listWorkflows'> & AuthoringApi;

export type SaveOutcome = 'saved' | 'clean' | 'conflict' | 'error' | 'busy';

// One save at a time per store; a disk change noticed meanwhile waits for it (the save's own 412
// or its new revisions decide what that change means).
const inFlight = new WeakMap<AppStore, Promise<SaveOutcome>>();

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Saves what changed (plan.json, step_config.json, each only when it differs from the saved one),
 * each carrying the revision it was based on. A 412 opens the conflict dialog with what is on disk
 * now; any other refusal is toasted with the JSON path of each problem and the edits stay.
 */
export function saveDocument(store: AppStore, api: SaveApi): Promise<SaveOutcome> {
  const running = inFlight.get(store);
  if (running) return running.then(() => 'busy' as const);
  const promise = runSave(store, api).finally(() => inFlight.delete(store));
  inFlight.set(store, promise);
  return promise;
}

async function runSave(store: AppStore, api: SaveApi): Promise<SaveOutcome> {
  const state = store.getState();
  const document = state.document;
  const doc = planDocumentOf(document);
  if (!document || !doc || !state.saved || state.conflict) return state.conflict ? 'conflict' : 'clean';
  const workflowId = document.id;
  const planChanged = !sameJson(doc.plan, state.saved.plan);
  const configChanged = doc.stepConfig !== null && !sameJson(doc.stepConfig, state.saved.stepConfig);
  if (!planChanged && !configChanged) {
    store.getState().markSaved(doc, {});
    return 'clean';
  }
  store.getState().setSaving(true);
  try {
    if (planChanged) {
      if (document.planRevision === null) throw new ApiError(0, 'no_revision', 'plan.json has no revision to save against; reload the workflow');
      const answer = await api.savePlan(workflowId, doc.plan, document.planRevision);
      if (store.getState().workflowId !== workflowId) return 'saved';
      store.getState().markSaved({ plan: doc.plan }, { planRevision: answer.revision }, configChanged ? undefined : answer.problems);
    }
    if (configChanged && doc.stepConfig) {
      const base = store.getState().document?.stepConfigRevision ?? null;
      const answer = await api.saveStepConfig(workflowId, doc.stepConfig, base);
      if (store.getState().workflowId !== workflowId) return 'saved';
      store.getState().markSaved({ stepConfig: doc.stepConfig }, { stepConfigRevision: answer.revision }, answer.problems);
    }
    return 'saved';
  } catch (error) {
    if (error instanceof ApiError && error.status === 412) {
      const theirs = await fetchTheirs(store, api, workflowId);
      if (!theirs) return 'error';
      store.getState().openConflict({ source: 'save', mine: doc, theirs });
      return 'conflict';
    }
    const details = error instanceof ApiError ? error.details : [];
    store.getState().toast({ tone: 'error', message: `Not saved: ${describe(error)}`, ...(details.length > 0 ? { details } : {}) });
    return 'error';
  } finally {
    store.getState().setSaving(false);
  }
}

async function fetchTheirs(store: AppStore, api: SaveApi, workflowId: string): Promise<WorkflowDocument | null> {
  try {
    return { ...(await api.getWorkflow(workflowId)), id: workflowId };
  } catch (error) {
    store.getState().toast({ tone: 'error', message: `Could not read the workflow from disk: ${describe(error)}` });
    return null;
  }
}

/** "Keep mine": the user's edits re-applied onto the version on disk, then saved against its revision. */
export async function keepMine(store: AppStore, api: SaveApi): Promise<SaveOutcome> {
  const both = store.getState().rebaseOnTheirs();
  if (both === null) return 'error';
  if (both.length > 0)
    store.getState().toast({
      tone: 'info',
      message: `Changed on both sides, yours kept: ${both.slice(0, 4).join(', ')}${both.length > 4 ? ` and ${both.length - 4} more` : ''}`,
    });
  return saveDocument(store, api);
}

/** Copies a workflow id to a free sibling: `Team/Flow` -> `Team/Flow-copy`, `-copy-2`, ... */
export function copyIdCandidates(workflowId: string, count = 20): string[] {
  return Array.from({ length: count }, (_, i) => `${workflowId}-copy${i === 0 ? '' : `-${i + 1}`}`);
}

/**
 * "Save mine as a copy": a new workflow folder holding the user's version, the original left as it
 * is on disk (this tab takes theirs for it). Resolves to the new workflow's id.
 */
export async function saveMineAsCopy(store: AppStore, api: SaveApi): Promise<string | null> {
  const conflict = store.getState().conflict;
  const mine: PlanDocument | undefined = conflict?.mine;
  const workflowId = store.getState().workflowId;
  if (!conflict || !mine || !workflowId) return null;
  store.getState().setSaving(true);
  try {
    for (const id of copyIdCandidates(workflowId)) {
      let created;
      try {
        created = await api.createWorkflow(id);
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) continue;
        throw error;
      }
      await api.savePlan(id, mine.plan, created.planRevision);
      if (mine.stepConfig) await api.saveStepConfig(id, mine.stepConfig, created.stepConfigRevision);
      store.getState().takeTheirs();
      store.getState().toast({ tone: 'success', message: `Your version was saved as ${id}` });
      api.listWorkflows().then(
        (list) => store.getState().setWorkflows(list),
        () => undefined,
      );
      return id;
    }
    throw new Error('no free name for the copy');
  } catch (error) {
    const details = error instanceof ApiError ? error.details : [];
    store.getState().toast({ tone: 'error', message: `Could not save a copy: ${describe(error)}`, ...(details.length > 0 ? { details } : {}) });
    return null;
  } finally {
    store.getState().setSaving(false);
  }
}

/**
 * A change on disk reported by the change stream. The tab's own saves (its client id) and
 * revisions it already holds are ignored; otherwise the workflow is read again: a clean document
 * takes it (a toast names the files; undo stops there), a dirty one opens the conflict dialog (the
 * user's edits stay until they choose).
 */
export async function onDiskChange(store: AppStore, api: SaveApi, event: WorkflowChangeEvent): Promise<'ignored' | 'reloaded' | 'conflict'> {
  if (event.type === 'change' && event.clientId !== undefined && event.clientId === api.clientId) return 'ignored';
  const before = store.getState().document;
  if (!before || before.id !== event.workflowId) return 'ignored';
  if (!differsFrom(before, event)) return 'ignored';
  const running = inFlight.get(store);
  if (running) await running;
  const current = store.getState().document;
  if (!current || current.id !== event.workflowId || !differsFrom(current, event)) return 'ignored';
  const theirs = await fetchTheirs(store, api, event.workflowId);
  const now = store.getState();
  if (!theirs || !now.document || now.document.id !== event.workflowId) return 'ignored';
  if (String(theirs.planRevision) === String(now.document.planRevision) && String(theirs.stepConfigRevision) === String(now.document.stepConfigRevision))
    return 'ignored';
  // An open conflict (a draft's too, whose document is clean) stays open, measured against the new version.
  if (now.conflict) {
    now.openConflict({ ...now.conflict, theirs });
    return 'conflict';
  }
  const mine = planDocumentOf(now.document);
  if (!now.dirty || !mine) {
    const files = changedFiles(now.document, theirs);
    now.replaceFromDisk(theirs);
    now.toast({ tone: 'info', message: `${files} changed on disk; reloaded` });
    return 'reloaded';
  }
  now.openConflict({ source: 'disk', mine, theirs });
  return 'conflict';
}

/** The files whose revisions differ, as the toast names them: "plan.json", "plan.json and step_config.json". */
function changedFiles(before: WorkflowDocument, after: WorkflowDocument): string {
  const files = [
    String(before.planRevision) !== String(after.planRevision) ? 'plan.json' : null,
    String(before.stepConfigRevision) !== String(after.stepConfigRevision) ? 'step_config.json' : null,
  ].filter((name) => name !== null);
  return files.length > 0 ? files.join(' and ') : 'The workflow';
}

function differsFrom(document: WorkflowDocument, event: WorkflowChangeEvent): boolean {
  const same = (a: unknown, b: unknown) => String(a ?? null) === String(b ?? null);
  if (event.type === 'ready') return !same(event.planRevision, document.planRevision) || !same(event.stepConfigRevision, document.stepConfigRevision);
  return !same(event.revision, event.document === 'plan' ? document.planRevision : document.stepConfigRevision);
}
