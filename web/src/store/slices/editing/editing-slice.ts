import {
  addRoute,
  addStep,
  connect,
  createStep,
  detectGeneration,
  disconnect,
  moveRoute,
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
} from '@planvas/shared';
import { planCanvasConnection } from '../../../flow/connection-rules';
import { nodeIdOfStep } from '../../../flow/node-targets';
import type { SliceCreator } from '../../app-state';
import { dirtyOf, planDocumentOf, withPlanDocument } from '../../document/plan-document';
import type { EditingSlice } from '../../state/editing';
import type { XY } from '../../state/view';
import { createClipboard } from './clipboard';
import { createDeletion } from './deletion';
import { editHelpers } from './edit-helpers';

const DRAFT_WAITING = 'Restore or discard the unsaved changes kept in this browser first (the bar above the canvas)';

/**
 * The editing slice: `applyEdit` (the one way the document changes), adding and connecting steps,
 * and the field and route edits of the inspector; deleting (deletion.ts) and the clipboard
 * (clipboard.ts) are built on the same `applyEdit`.
 */
export const createEditingSlice: SliceCreator<EditingSlice> = (set, get, api) => {
  const { edit, selectSteps } = editHelpers(get);
  /** The coalescing key of an edit typed into one field (`undefined`: the edit is a step of its own). */
  const typing = (key: string, coalesce: string | undefined) => (coalesce !== undefined ? { coalesce: `${key}:${coalesce}` } : {});

  return {
    editError: null,
    pendingDelete: null,
    ...createDeletion(set, get, api),
    ...createClipboard(set, get, api),

    applyEdit: (label, run, options = {}) => {
      const state = get();
      const doc = planDocumentOf(state.document);
      if (!doc || !state.document) return null;
      // A draft offered back and not decided on owns this workflow's one draft slot: edits made on
      // top of the disk version meanwhile could be kept only by dropping it, so they wait.
      const result: ReturnType<typeof run> = state.draftOffer ? { ok: false, reason: DRAFT_WAITING } : run(doc);
      if (!result.ok) {
        set({
          editError: { label, reason: result.reason, details: result.details ?? [], ...(options.stepId !== undefined ? { stepId: options.stepId } : {}) },
        });
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
      const step = createStep(kind, {
        ...(options.title !== undefined ? { title: options.title } : {}),
        existingIds: stepIdsOf(plan),
        generation: detectGeneration(plan).generation,
      });
      const { position } = options;
      const result = edit(
        `Add ${STEP_KIND_LABELS[kind]}`,
        (doc) => addStep(doc, step, options.at ?? {}),
        position ? { positions: (p) => ({ ...p, [step.id]: position }) } : {},
      );
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

    updateStepFields: (stepId, change, coalesce) =>
      edit('Edit step', (doc) => updateStep(doc, stepId, change), { stepId, ...typing(`step:${stepId}`, coalesce) }) !== null,
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
    renameRouteOf: (stepId, routeId, names) =>
      edit('Rename route', (doc) => renameRoute(doc, stepId, routeId, names), { stepId, quiet: names.routeId !== undefined }) !== null,
    moveRouteOf: (stepId, from, to) => edit('Move route', (doc) => moveRoute(doc, stepId, from, to), { stepId }) !== null,
    updateRouteOf: (stepId, routeId, change, coalesce) =>
      edit('Edit route', (doc) => updateRoute(doc, stepId, routeId, change), { stepId, ...typing(`route:${stepId}:${routeId}`, coalesce) }) !== null,
    setSubAgent: (stepId, routeId, subAgent, coalesce) =>
      edit('Edit sub-agent', (doc) => setSubAgentStep(doc, stepId, routeId, subAgent), { stepId, ...typing(`sub:${stepId}:${routeId}`, coalesce) }) !== null,
    setGenericAgentOf: (stepId, enabled) =>
      edit(enabled ? 'Enable generic agent' : 'Disable generic agent', (doc) => setGenericAgent(doc, stepId, enabled), { stepId }) !== null,
    setAgentConfigOf: (stepId, patch, coalesce) =>
      edit('Edit step configuration', (doc) => setAgentConfig(doc, stepId, patch), { stepId, ...typing(`config:${stepId}`, coalesce) }) !== null,
    removeAgentConfigFieldOf: (stepId, field) => edit('Remove configuration field', (doc) => removeAgentConfigField(doc, stepId, field), { stepId }) !== null,
  };
};
