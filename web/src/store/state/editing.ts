import type {
  AddRouteOptions,
  AgentConfigPatch,
  ClipboardPayload,
  EditResult,
  ErrorDetail,
  InsertAt,
  PlanDocument,
  RelinkMode,
  RoutePatch,
  RouteUpdater,
  StepKind,
  StepPatch,
  StepReference,
  StepUpdater,
  SubAgentStep,
} from '@planvas/shared';
import type { CanvasConnection } from '../../flow/connection-rules';
import type { XY } from './view';

/** A deletion waiting for the user to say how the steps pointing at the deleted ones continue (the relink dialog shows it). */
export type PendingDelete = { nodeIds: string[]; edgeIds: string[]; stepIds: string[]; references: StepReference[] };

/** The last refused edit, for the inspector to show inline (with the JSON path of each problem). */
export type EditError = { label: string; reason: string; details: ErrorDetail[]; stepId?: string };

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

/**
 * Changing the open document: every edit goes through `applyEdit` (one undo step, a refusal
 * toasted and kept in `editError`); the rest are the editor's operations built on it.
 */
export type EditingSlice = {
  clipboard: ClipboardPayload | null;
  editError: EditError | null;
  pendingDelete: PendingDelete | null;

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
};
