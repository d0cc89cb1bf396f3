import {
  addRoute,
  addStep,
  connect,
  copySteps,
  createStep,
  detectGeneration,
  deleteSteps,
  disconnect,
  duplicateSteps,
  findReferences,
  moveRoute,
  pasteSteps,
  removeAgentConfigField,
  removeRoute,
  renameRoute,
  renameStepId,
  setAgentConfig,
  setGenericAgent,
  setSubAgentStep,
  STEP_KIND_LABELS,
  stepIdsOf,
  updateRoute,
  updateStep,
  type AddRouteOptions,
  type AgentConfigPatch,
  type ClipboardPayload,
  type EditResult,
  type ErrorDetail,
  type InsertAt,
  type PlanDocument,
  type RelinkMode,
  type RoutePatch,
  type RouteUpdater,
  type StepKind,
  type StepPatch,
  type StepReference,
  type StepUpdater,
  type SubAgentStep,
  type WorkspaceSettings,
} from '@planvas/shared';
import type { WorkflowDocument } from '../api/types';
import type { SliceCreator } from '../store/app-state';
import type { XY } from '../store/view-slice';
import { planCanvasConnection, type CanvasConnection } from './connection-rules';
import { dirtyOf, planDocumentOf, withPlanDocument } from './document-state';
import { mergeJson3 } from './json-merge';
import { edgeTargetOf, nodeIdOfStep, nodeTargetOf } from './node-targets';

export type ToastTone = 'info' | 'success' | 'error';
export type Toast = { id: number; tone: ToastTone; message: string; details?: ErrorDetail[] };

/**
 * The user's version and the one on disk now, when they differ and both matter: a save refused
 * with 412, a change on disk while the document was dirty, or a draft from an older revision.
 */
export type Conflict = { source: 'save' | 'disk' | 'draft'; mine: PlanDocument; theirs: WorkflowDocument };

/** A deletion waiting for the user to say how the steps pointing at the deleted ones continue. */
export type PendingDelete = { nodeIds: string[]; edgeIds: string[]; stepIds: string[]; references: StepReference[] };

export type ContextMenuTarget = { kind: 'node'; id: string } | { kind: 'edge'; id: string } | { kind: 'pane'; at: XY };
export type ContextMenu = { x: number; y: number; target: ContextMenuTarget };

export type Overlay = 'shortcuts' | 'settings' | 'migrate';

/** The last refused edit, for the inspector to show inline (with the JSON path of each problem). */
export type EditError = { label: string; reason: string; details: ErrorDetail[]; stepId?: string };

/** An unsaved draft found in the browser's storage for the open workflow. */
export type DraftOffer = { doc: PlanDocument; planRevision: string | number | null; stepConfigRevision: string | number | null; savedAt: string };

export type EditOptions<E extends object> = {
  /** Consecutive edits with the same key are one undo step (typing in one field). */
  coalesce?: string;
  /** The step the edit concerns (where the inspector shows a refusal). */
  stepId?: string;
  /** Manual positions (current direction) changed with the document, in the same undo step. */
  positions?: (positions: Readonly<Record<string, XY>>, result: EditResult<E> & { ok: true }) => Record<string, XY> | undefined;
  /** Do not toast a refusal (the caller shows it where the user is typing). */
  quiet?: boolean;
};

type AnyEdit = EditResult<Record<string, unknown>>;

export type AuthoringSlice = {
  /** What is on disk as far as this tab knows: the plan and step config last loaded or saved. */
  saved: PlanDocument | null;
  dirty: boolean;
  saving: boolean;
  /** Bumped whenever a document is loaded fresh (not by edits, undo or saves). */
  documentEpoch: number;
  conflict: Conflict | null;
  toasts: Toast[];
  clipboard: ClipboardPayload | null;
  editError: EditError | null;
  pendingDelete: PendingDelete | null;
  contextMenu: ContextMenu | null;
  overlay: Overlay | null;
  workspaceSettings: WorkspaceSettings;
  draftOffer: DraftOffer | null;

  /** The loaded files are the saved state: a clean document, a fresh history. */
  documentLoaded(document: WorkflowDocument): void;
  /** The files changed on disk while the document was clean: take them, keep the undo history. */
  replaceFromDisk(document: WorkflowDocument): void;
  /** What `sent` (a document this tab saved) now is on disk, with its new revisions. */
  markSaved(sent: Partial<PlanDocument>, revisions: { planRevision?: string; stepConfigRevision?: string }, problems?: WorkflowDocument['problems']): void;
  setSaving(saving: boolean): void;

  /** Runs an edit on the document; a change is one undo step, a refusal is toasted and kept in `editError`. */
  applyEdit<E extends object>(label: string, run: (doc: PlanDocument) => EditResult<E>, options?: EditOptions<E>): EditResult<E> | null;
  addStepOfKind(kind: StepKind, options?: { title?: string; at?: InsertAt; position?: XY }): string | null;
  connectNodes(connection: CanvasConnection): boolean;
  disconnectOutput(stepId: string, handle: string): boolean;
  /** Deletes nodes and edges (default: the selection); asks first when other steps point at a deleted step. */
  requestDelete(nodeIds?: readonly string[], edgeIds?: readonly string[]): 'deleted' | 'asking' | 'nothing';
  confirmDelete(relink: RelinkMode): boolean;
  cancelDelete(): void;
  updateStepFields(stepId: string, change: StepPatch | StepUpdater, coalesce?: string): boolean;
  renameStep(oldId: string, newId: string): boolean;
  addRouteTo(stepId: string, options?: AddRouteOptions): string | null;
  removeRouteFrom(stepId: string, routeId: string): boolean;
  renameRouteOf(stepId: string, routeId: string, names: { routeId?: string; routeName?: string }): boolean;
  moveRouteOf(stepId: string, from: number, to: number): boolean;
  updateRouteOf(stepId: string, routeId: string, change: RoutePatch | RouteUpdater, coalesce?: string): boolean;
  setSubAgent(stepId: string, routeId: string, subAgent: SubAgentStep | null, coalesce?: string): boolean;
  setGenericAgentOf(stepId: string, enabled: boolean): boolean;
  setAgentConfigOf(stepId: string, patch: AgentConfigPatch, coalesce?: string): boolean;
  removeAgentConfigFieldOf(stepId: string, field: string): boolean;
  /** Copies the selected steps (with everything nested in them and their step_config entries). */
  copySelection(): ClipboardPayload | null;
  /** Pastes a payload (default: the last copied) with fresh ids; selects what was pasted. */
  pasteClipboard(payload?: unknown, at?: InsertAt): string[];
  duplicateSelection(): string[];
  /** Keeps the user's edits on top of the version on disk (three-way merge); returns the paths both changed. */
  rebaseOnTheirs(): string[] | null;
  takeTheirs(): void;
  openConflict(conflict: Conflict): void;
  closeConflict(): void;
  restoreDraft(): void;
  offerDraft(offer: DraftOffer | null): void;

  toast(toast: Omit<Toast, 'id'>): number;
  dismissToast(id: number): void;
  openOverlay(overlay: Overlay | null): void;
  openContextMenu(menu: ContextMenu | null): void;
  setWorkspaceSettings(settings: WorkspaceSettings): void;
};

/** Dropped and pasted copies land a little below-right of their originals. */
const PASTE_OFFSET = 40;
let nextToastId = 1;

export const createAuthoringSlice: SliceCreator<AuthoringSlice> = (set, get) => {
  const edit = <E extends object>(label: string, run: (doc: PlanDocument) => EditResult<E>, options?: EditOptions<E>) => {
    const result = get().applyEdit(label, run, options);
    return result !== null && result.ok ? result : null;
  };
  const selectSteps = (stepIds: readonly string[]) => {
    const plan = get().document?.plan;
    if (!plan) return;
    const nodeIds = stepIds.map((id) => nodeIdOfStep(plan, id)).filter((id): id is string => id !== undefined);
    get().setSelection(nodeIds, []);
  };
  const selectedStepIds = (): string[] => {
    const plan = get().document?.plan;
    if (!plan) return [];
    const ids: string[] = [];
    for (const nodeId of get().selectedNodeIds) {
      const target = nodeTargetOf(plan, nodeId);
      if (target?.kind === 'step' || target?.kind === 'sub_agent') ids.push(target.stepId);
    }
    return ids;
  };
  /** Manual positions of the originals, shifted, for their copies. */
  const offsetCopies = (positions: Readonly<Record<string, XY>>, idMap: Record<string, string>) => {
    let out: Record<string, XY> | undefined;
    for (const [from, to] of Object.entries(idMap)) {
      const at = positions[from];
      if (at) (out ??= { ...positions })[to] = { x: at.x + PASTE_OFFSET, y: at.y + PASTE_OFFSET };
    }
    return out;
  };
  const performDelete = (pending: Omit<PendingDelete, 'references'>, relink: RelinkMode): boolean => {
    const plan = get().document?.plan;
    if (!plan) return false;
    const flowEdges = pending.edgeIds.map((id) => edgeTargetOf(plan, id)).filter((t) => t !== undefined);
    const nodeTargets = pending.nodeIds.map((id) => nodeTargetOf(plan, id)).filter((t) => t !== undefined);
    const deleting = new Set(pending.stepIds);
    const result = get().applyEdit(pending.stepIds.length > 0 ? 'Delete' : 'Delete connection', (doc): AnyEdit => {
      let current = doc;
      const step = (r: AnyEdit) => {
        if (r.ok) current = r.doc;
        return r;
      };
      // Connections first: they may name steps that go next.
      for (const e of flowEdges) if (e.kind === 'flow' && !deleting.has(e.source)) step(disconnect(current, { source: e.source, sourceHandle: e.handle }));
      const routes = new Set<string>();
      for (const t of [...nodeTargets, ...flowEdges]) {
        if ((t.kind === 'sub_agent' || t.kind === 'delegation') && !deleting.has(t.parentStepId) && !routes.has(`${t.parentStepId}\u0000${t.routeId}`)) {
          routes.add(`${t.parentStepId}\u0000${t.routeId}`);
          const r = step(removeRoute(current, t.parentStepId, t.routeId));
          if (!r.ok) return r;
        }
        if (t.kind === 'generic' && !deleting.has(t.parentStepId)) step(setGenericAgent(current, t.parentStepId, false));
      }
      if (pending.stepIds.length > 0) {
        const r = step(deleteSteps(current, pending.stepIds, { relink }));
        if (!r.ok) return r;
      }
      return { ok: true, doc: current };
    }, {
      positions: (positions) => {
        const gone = pending.nodeIds.filter((id) => id in positions);
        if (gone.length === 0) return undefined;
        const out = { ...positions };
        for (const id of gone) delete out[id];
        return out;
      },
    });
    if (!result?.ok) return false;
    get().setSelection([], []);
    return true;
  };

  return {
    saved: null,
    dirty: false,
    saving: false,
    documentEpoch: 0,
    conflict: null,
    toasts: [],
    clipboard: null,
    editError: null,
    pendingDelete: null,
    contextMenu: null,
    overlay: null,
    workspaceSettings: {},
    draftOffer: null,

    documentLoaded: (document) => {
      set({ saved: planDocumentOf(document), dirty: false, conflict: null, editError: null, pendingDelete: null, contextMenu: null, draftOffer: null, documentEpoch: get().documentEpoch + 1 });
      get().resetHistory();
    },
    replaceFromDisk: (document) => {
      if (document.id !== get().workflowId) return;
      set({ document, saved: planDocumentOf(document), dirty: false, conflict: null, editError: null, historyKey: null });
    },
    markSaved: (sent, revisions, problems) => {
      const { document, saved } = get();
      if (!document || !saved) return;
      const nextSaved: PlanDocument = { plan: sent.plan ?? saved.plan, stepConfig: sent.stepConfig !== undefined ? sent.stepConfig : saved.stepConfig };
      const unchangedSince = (sent.plan === undefined || sent.plan === document.plan) && (sent.stepConfig === undefined || sent.stepConfig === document.stepConfig);
      const next: WorkflowDocument = {
        ...document,
        ...(revisions.planRevision !== undefined ? { planRevision: revisions.planRevision, legacy: false } : {}),
        ...(revisions.stepConfigRevision !== undefined ? { stepConfigRevision: revisions.stepConfigRevision } : {}),
        // The server's problems describe what was saved: right only if nothing changed meanwhile.
        ...(problems && unchangedSince ? { problems } : {}),
      };
      set({ document: next, saved: nextSaved, dirty: dirtyOf(next, nextSaved) });
    },
    setSaving: (saving) => set({ saving }),

    applyEdit: (label, run, options = {}) => {
      const state = get();
      const doc = planDocumentOf(state.document);
      if (!doc || !state.document) return null;
      const result = run(doc);
      if (!result.ok) {
        set({ editError: { label, reason: result.reason, details: result.details ?? [], ...(options.stepId !== undefined ? { stepId: options.stepId } : {}) } });
        if (!options.quiet) get().toast({ tone: 'error', message: result.reason, ...(result.details ? { details: result.details } : {}) });
        return result;
      }
      const positions = options.positions?.(state.manualPositions[state.direction], result);
      if (result.doc === doc && !positions) {
        if (state.editError) set({ editError: null });
        return result;
      }
      get().recordHistory(label, options.coalesce);
      const after = get();
      const document = withPlanDocument(after.document!, result.doc);
      set({
        document,
        dirty: dirtyOf(document, after.saved),
        editError: null,
        ...(positions ? { manualPositions: { ...after.manualPositions, [after.direction]: positions } } : {}),
      });
      return result;
    },

    addStepOfKind: (kind, options = {}) => {
      const plan = get().document?.plan;
      if (!plan) return null;
      // The file's own generation shapes the new step (its routes' ids, the generic-agent switch).
      const step = createStep(kind, { ...(options.title !== undefined ? { title: options.title } : {}), existingIds: stepIdsOf(plan), generation: detectGeneration(plan).generation });
      const { position } = options;
      const result = edit(`Add ${STEP_KIND_LABELS[kind]}`, (doc) => addStep(doc, step, options.at ?? {}), position ? { positions: (p) => ({ ...p, [step.id]: position }) } : {});
      if (!result) return null;
      selectSteps([step.id]);
      // Added by a click (no drop point): bring it into view once it is laid out.
      if (!position) get().focusNode(step.id);
      return step.id;
    },
    connectNodes: (connection) => {
      const plan = get().document?.plan;
      if (!plan) return false;
      const planned = planCanvasConnection(plan, connection);
      if (!planned.ok) {
        get().toast({ tone: 'error', message: `Cannot connect: ${planned.reason}` });
        return false;
      }
      return edit('Connect', (doc) => connect(doc, planned.connection)) !== null;
    },
    disconnectOutput: (stepId, handle) => edit('Disconnect', (doc) => disconnect(doc, { source: stepId, sourceHandle: handle }), { stepId }) !== null,

    requestDelete: (nodeIds = get().selectedNodeIds, edgeIds = get().selectedEdgeIds) => {
      const state = get();
      const doc = planDocumentOf(state.document);
      if (!doc || (nodeIds.length === 0 && edgeIds.length === 0)) return 'nothing';
      const stepIds = nodeIds.map((id) => nodeTargetOf(doc.plan, id)).flatMap((t) => (t?.kind === 'step' ? [t.stepId] : []));
      const removable = nodeIds.some((id) => ['step', 'sub_agent', 'generic'].includes(nodeTargetOf(doc.plan, id)?.kind ?? '')) || edgeIds.some((id) => edgeTargetOf(doc.plan, id)?.kind !== 'fixed');
      if (!removable) {
        get().toast({ tone: 'info', message: 'Start, End and return edges are drawn from the plan and cannot be deleted' });
        return 'nothing';
      }
      const references = stepIds.length > 0 ? findReferences(doc, stepIds) : [];
      const pending = { nodeIds: [...nodeIds], edgeIds: [...edgeIds], stepIds };
      if (references.length > 0) {
        set({ pendingDelete: { ...pending, references }, contextMenu: null });
        return 'asking';
      }
      const before = get().document;
      if (!performDelete(pending, 'successor')) return 'nothing';
      if (get().document === before) {
        get().toast({ tone: 'info', message: 'That connection follows the order of the list; connect the output somewhere else to change it' });
        return 'nothing';
      }
      return 'deleted';
    },
    confirmDelete: (relink) => {
      const pending = get().pendingDelete;
      if (!pending) return false;
      set({ pendingDelete: null });
      return performDelete(pending, relink);
    },
    cancelDelete: () => set({ pendingDelete: null }),

    updateStepFields: (stepId, change, coalesce) =>
      edit('Edit step', (doc) => updateStep(doc, stepId, change), { stepId, ...(coalesce !== undefined ? { coalesce: `step:${stepId}:${coalesce}` } : {}) }) !== null,
    renameStep: (oldId, newId) => {
      const plan = get().document?.plan;
      if (!plan) return false;
      const oldNodeId = nodeIdOfStep(plan, oldId);
      const wasSelected = oldNodeId !== undefined && get().selectedNodeIds.includes(oldNodeId);
      const result = edit('Rename step id', (doc) => renameStepId(doc, oldId, newId), {
        stepId: oldId,
        quiet: true,
        positions: (positions) => {
          if (oldNodeId === undefined || !(oldNodeId in positions) || oldNodeId !== oldId) return undefined;
          const { [oldId]: at, ...rest } = positions;
          return { ...rest, [newId]: at as XY };
        },
      });
      if (!result) return false;
      if (wasSelected) selectSteps([newId]);
      return true;
    },
    addRouteTo: (stepId, options = {}) => edit('Add route', (doc) => addRoute(doc, stepId, options), { stepId })?.routeId ?? null,
    removeRouteFrom: (stepId, routeId) => edit('Remove route', (doc) => removeRoute(doc, stepId, routeId), { stepId }) !== null,
    renameRouteOf: (stepId, routeId, names) => edit('Rename route', (doc) => renameRoute(doc, stepId, routeId, names), { stepId, quiet: names.routeId !== undefined }) !== null,
    moveRouteOf: (stepId, from, to) => edit('Move route', (doc) => moveRoute(doc, stepId, from, to), { stepId }) !== null,
    updateRouteOf: (stepId, routeId, change, coalesce) =>
      edit('Edit route', (doc) => updateRoute(doc, stepId, routeId, change), { stepId, ...(coalesce !== undefined ? { coalesce: `route:${stepId}:${routeId}:${coalesce}` } : {}) }) !== null,
    setSubAgent: (stepId, routeId, subAgent, coalesce) =>
      edit('Edit sub-agent', (doc) => setSubAgentStep(doc, stepId, routeId, subAgent), { stepId, ...(coalesce !== undefined ? { coalesce: `sub:${stepId}:${routeId}:${coalesce}` } : {}) }) !== null,
    setGenericAgentOf: (stepId, enabled) => edit(enabled ? 'Enable generic agent' : 'Disable generic agent', (doc) => setGenericAgent(doc, stepId, enabled), { stepId }) !== null,
    setAgentConfigOf: (stepId, patch, coalesce) =>
      edit('Edit step configuration', (doc) => setAgentConfig(doc, stepId, patch), { stepId, ...(coalesce !== undefined ? { coalesce: `config:${stepId}:${coalesce}` } : {}) }) !== null,
    removeAgentConfigFieldOf: (stepId, field) => edit('Remove configuration field', (doc) => removeAgentConfigField(doc, stepId, field), { stepId }) !== null,

    copySelection: () => {
      const doc = planDocumentOf(get().document);
      const ids = selectedStepIds();
      if (!doc || ids.length === 0) return null;
      const payload = copySteps(doc, ids);
      set({ clipboard: payload });
      get().toast({ tone: 'info', message: `Copied ${payload.steps.length} step${payload.steps.length === 1 ? '' : 's'}` });
      return payload;
    },
    pasteClipboard: (payload = get().clipboard, at = {}) => {
      if (payload == null) return [];
      const result = edit('Paste', (doc) => pasteSteps(doc, payload, at), { positions: (p, r) => offsetCopies(p, r.idMap) });
      if (!result) return [];
      selectSteps(result.pastedIds);
      return result.pastedIds;
    },
    duplicateSelection: () => {
      const ids = selectedStepIds();
      if (ids.length === 0) return [];
      const result = edit('Duplicate', (doc) => duplicateSteps(doc, ids), { positions: (p, r) => offsetCopies(p, r.idMap) });
      if (!result) return [];
      selectSteps(result.pastedIds);
      return result.pastedIds;
    },

    rebaseOnTheirs: () => {
      const { conflict, saved } = get();
      if (!conflict || !conflict.theirs.plan) return null;
      const { mine, theirs } = conflict;
      const base = saved ?? { plan: theirs.plan!, stepConfig: theirs.stepConfig };
      const plan = mergeJson3(base.plan, mine.plan, theirs.plan);
      const config = mergeJson3(base.stepConfig, mine.stepConfig, theirs.stepConfig);
      const merged = { plan: plan.value, stepConfig: (config.value ?? null) } as PlanDocument;
      get().recordHistory('Keep mine');
      const document = withPlanDocument({ ...theirs, id: get().workflowId ?? theirs.id }, merged);
      const nextSaved = planDocumentOf(theirs);
      set({ document, saved: nextSaved, dirty: dirtyOf(document, nextSaved), conflict: null, historyKey: null });
      return [...plan.conflicts.map((p) => `plan.json ${p}`), ...config.conflicts.map((p) => `step_config.json ${p}`)];
    },
    takeTheirs: () => {
      const { conflict } = get();
      if (!conflict) return;
      get().recordHistory('Take theirs');
      const document = { ...conflict.theirs, id: get().workflowId ?? conflict.theirs.id };
      set({ document, saved: planDocumentOf(document), dirty: false, conflict: null, historyKey: null });
    },
    openConflict: (conflict) => set({ conflict, contextMenu: null }),
    closeConflict: () => set({ conflict: null }),
    restoreDraft: () => {
      const offer = get().draftOffer;
      const document = get().document;
      if (!offer || !document) return;
      set({ draftOffer: null });
      if (offer.planRevision === document.planRevision && offer.stepConfigRevision === document.stepConfigRevision) {
        // Based on what is on disk now: the draft simply continues.
        get().applyEdit('Restore unsaved changes', () => ({ ok: true, doc: offer.doc }));
        return;
      }
      set({ conflict: { source: 'draft', mine: offer.doc, theirs: document } });
    },
    offerDraft: (draftOffer) => set({ draftOffer }),

    toast: (toast) => {
      const id = nextToastId++;
      // The newest few are enough; a burst of refusals must not bury the canvas.
      set({ toasts: [...get().toasts.slice(-3), { ...toast, id }] });
      return id;
    },
    dismissToast: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
    openOverlay: (overlay) => set({ overlay, contextMenu: null }),
    openContextMenu: (contextMenu) => set({ contextMenu }),
    setWorkspaceSettings: (workspaceSettings) => set({ workspaceSettings }),
  };
};
