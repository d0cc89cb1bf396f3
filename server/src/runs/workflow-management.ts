import type { DuplicatedWorkflow, WorkflowDeletionPreview } from '@planvas/shared';
import { InvalidWorkflowId } from '../errors/domain-errors';
import type { LayoutCache } from '../state/layout-cache';
import type { StateStore } from '../state/state-store';
import { copyWorkflowState, moveWorkflowState, removeWorkflowState } from '../state/workflow-state';
import type { WriteContext } from '../workspace/document-writes';
import type { Precondition } from '../workspace/precondition';
import { checkWorkflowId } from '../workspace/safe-path';
import type { WorkspaceRepository } from '../workspace/workspace-repository';
import { WorkflowRunActive } from './run-errors';
import type { RunStore } from './run-store';

export interface WorkflowManagementOptions {
  workspace: WorkspaceRepository;
  state: StateStore;
  layouts: LayoutCache;
  runs: RunStore;
}

/**
 * Duplicate, rename (move) and delete of whole workflows, as a sidebar offers them: the folder on
 * disk (workspace/workflow-duplication.ts, workflow-move.ts, workflow-removal.ts) and planvas'
 * own state keyed by workflow id (views, remembered promotions, the run index, saved layouts),
 * kept in step. It lives with the runs because runs decide what may happen: a workflow with a
 * run going is neither moved nor deleted, and no run starts while it is (RunStore's gate).
 *
 * The folder changes first, since that is where a request is most likely refused; when the state
 * then cannot be written (a read-only data folder), the folder is put back and the error passed
 * on, so a refused request leaves the workspace as it was.
 */
export class WorkflowManagement {
  constructor(private readonly options: WorkflowManagementOptions) {}

  async duplicate(id: string, newId: string, context: WriteContext): Promise<DuplicatedWorkflow> {
    const { workspace, state, layouts } = this.options;
    const copy = await workspace.duplicate(id, newId, context);
    try {
      await state.update((draft) => copyWorkflowState(draft, copy.from, copy.id));
    } catch (error) {
      await copy.undo();
      throw error;
    }
    await cacheChange(() => layouts.copy(copy.from, copy.id));
    return { id: copy.id, planRevision: copy.planRevision, stepConfigRevision: copy.stepConfigRevision };
  }

  async rename(id: string, newId: string, context: WriteContext): Promise<{ id: string }> {
    const { workspace, state, layouts, runs } = this.options;
    const from = (await workspace.locate(id)).id;
    const to = checkWorkflowId(newId);
    if (!to.ok) throw new InvalidWorkflowId(newId, to.reason, '$.newId');
    const thaw = runs.gate.freeze([from, to.id]);
    try {
      this.assertNoRunGoing(from);
      // Rows of runs that ended but are still being written are written now, before they are re-keyed.
      await runs.flush();
      const moved = await workspace.move(from, to.id, context);
      try {
        await state.update((draft) => moveWorkflowState(draft, moved.from, moved.id));
      } catch (error) {
        await moved.undo();
        throw error;
      }
      await cacheChange(() => layouts.move(moved.from, moved.id));
      return { id: moved.id };
    } finally {
      thaw();
    }
  }

  async deletionPreview(id: string): Promise<WorkflowDeletionPreview> {
    const { workspace, runs } = this.options;
    const contents = await workspace.folderContents(id);
    const indexed = runs.list(contents.id).map((run) => run.id);
    return {
      id: contents.id,
      files: contents.files,
      runs: new Set([...contents.runFolders, ...indexed]).size,
      logs: contents.logs,
      learnings: contents.learnings,
      otherFiles: contents.otherFiles,
      bytes: contents.bytes,
      planRevision: contents.planRevision,
      activeRuns: runs.activeRuns(contents.id).map((run) => run.id),
      nestedWorkflows: contents.nestedWorkflows,
    };
  }

  /** Deletes the workflow; answers the hidden folder left behind when its removal failed half-way (for the log). */
  async delete(id: string, precondition: Precondition, context: WriteContext): Promise<{ leftover?: string }> {
    const { workspace, state, layouts, runs } = this.options;
    const workflowId = (await workspace.locate(id)).id;
    const thaw = runs.gate.freeze([workflowId]);
    try {
      this.assertNoRunGoing(workflowId);
      await runs.flush();
      const aside = await workspace.setAside(workflowId, precondition, context);
      try {
        await state.update((draft) => removeWorkflowState(draft, aside.id));
      } catch (error) {
        await aside.restore();
        throw error;
      }
      await cacheChange(() => layouts.remove(aside.id));
      return await aside.finish();
    } finally {
      thaw();
    }
  }

  private assertNoRunGoing(workflowId: string): void {
    const going = this.options.runs.activeRuns(workflowId);
    if (going.length > 0) throw new WorkflowRunActive(workflowId, going);
  }
}

/**
 * The layout cache is a cache (a damaged file starts empty, and every layout is checked against
 * its key before use): failing to write it does not undo what the request did.
 */
async function cacheChange(change: () => Promise<void>): Promise<void> {
  await change().catch(() => undefined);
}
