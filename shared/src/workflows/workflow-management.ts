import { z } from 'zod';

/**
 * Bodies and answers of the workflow management routes (docs/api.md "Managing workflows"):
 * duplicate, rename (move) and delete. Strict: a misspelt field is an error, not ignored.
 */

/** `POST /api/workflows/:id/duplicate` and `POST /api/workflows/:id/rename`: where the workflow goes. */
export const WorkflowNewIdBody = z.strictObject({
  /** The workflow's new relative path under the workspace root, e.g. `Team/Copy of Report`. */
  newId: z.string().min(1),
});
export type WorkflowNewIdBody = z.infer<typeof WorkflowNewIdBody>;

export const DuplicateWorkflowBody = WorkflowNewIdBody;
export type DuplicateWorkflowBody = WorkflowNewIdBody;

export const RenameWorkflowBody = WorkflowNewIdBody;
export type RenameWorkflowBody = WorkflowNewIdBody;

/** `201` of a duplicate: the new workflow and its documents' revisions (as `POST /api/workflows` answers). */
export interface DuplicatedWorkflow {
  id: string;
  planRevision: string;
  stepConfigRevision: string | null;
}

/** `GET /api/workflows/:id/deletion`: what `DELETE /api/workflows/:id` would remove, for the page to list. */
export interface WorkflowDeletionPreview {
  id: string;
  /** The documents, relative to the workflow folder; `stepConfig` is null when there is none. */
  files: { plan: string; stepConfig: string | null };
  /** Runs of the workflow: its run folders and the rows of planvas' run index, counted once each. */
  runs: number;
  /** Files under `logs/`. */
  logs: number;
  /** Step folders under `learnings/`. */
  learnings: number;
  /** Files anywhere else in the workflow folder (neither documents, runs, logs nor learnings). */
  otherFiles: number;
  /** Bytes of every file in the workflow folder (links counted as themselves, never followed). */
  bytes: number;
  /** plan.json's revision now: the If-Match a DELETE sends. */
  planRevision: string;
  /** Runs that are going: while there is one, the workflow cannot be deleted. */
  activeRuns: string[];
  /** Workflows inside this one's folder: while there is one, the workflow cannot be deleted. */
  nestedWorkflows: string[];
}
