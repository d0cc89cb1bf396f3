import { deleteSteps, disconnect, findReferences, removeRoute, setGenericAgent, type EditResult, type RelinkMode } from '@planvas/shared';
import { edgeTargetOf, nodeTargetOf } from '../../../flow/node-targets';
import type { SliceCreator } from '../../app-state';
import { planDocumentOf } from '../../document/plan-document';
import type { EditingSlice, PendingDelete } from '../../state/editing';

type AnyEdit = EditResult<Record<string, unknown>>;

/**
 * Deleting nodes and edges of the canvas: each stands for something in the plan (a step, a route
 * and its sub-agent, the generic agent, an explicit target), removed in one undo step. Steps other
 * steps point at wait in `pendingDelete` until the user says how those references continue.
 */
export const createDeletion: SliceCreator<Pick<EditingSlice, 'requestDelete' | 'confirmDelete' | 'cancelDelete'>> = (set, get) => {
  const performDelete = (pending: Omit<PendingDelete, 'references'>, relink: RelinkMode): boolean => {
    const plan = get().document?.plan;
    if (!plan) return false;
    const flowEdges = pending.edgeIds.map((id) => edgeTargetOf(plan, id)).filter((t) => t !== undefined);
    const nodeTargets = pending.nodeIds.map((id) => nodeTargetOf(plan, id)).filter((t) => t !== undefined);
    const deleting = new Set(pending.stepIds);
    const result = get().applyEdit(
      pending.stepIds.length > 0 ? 'Delete' : 'Delete connection',
      (doc): AnyEdit => {
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
      },
      {
        positions: (positions) => {
          const gone = pending.nodeIds.filter((id) => id in positions);
          if (gone.length === 0) return undefined;
          const out = { ...positions };
          for (const id of gone) delete out[id];
          return out;
        },
      },
    );
    if (!result?.ok) return false;
    get().setSelection([], []);
    return true;
  };

  return {
    requestDelete: (nodeIds = get().selectedNodeIds, edgeIds = get().selectedEdgeIds) => {
      const state = get();
      const doc = planDocumentOf(state.document);
      if (!doc || (nodeIds.length === 0 && edgeIds.length === 0)) return 'nothing';
      const stepIds = nodeIds.map((id) => nodeTargetOf(doc.plan, id)).flatMap((t) => (t?.kind === 'step' ? [t.stepId] : []));
      const removable =
        nodeIds.some((id) => ['step', 'sub_agent', 'generic'].includes(nodeTargetOf(doc.plan, id)?.kind ?? '')) ||
        edgeIds.some((id) => edgeTargetOf(doc.plan, id)?.kind !== 'fixed');
      if (!removable) {
        get().toast({ tone: 'info', message: 'Start, End and return edges are drawn from the plan and cannot be deleted' });
        return 'nothing';
      }
      const references = stepIds.length > 0 ? findReferences(doc, stepIds) : [];
      const pending = { nodeIds: [...nodeIds], edgeIds: [...edgeIds], stepIds };
      if (references.length > 0) {
        // The relink dialog asks; a menu open on the canvas goes.
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
  };
};
