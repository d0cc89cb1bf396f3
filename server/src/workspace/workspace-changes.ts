import type { DocumentName } from './workflow-files';

/**
 * One document of a workflow got a new revision (or disappeared). `origin` says who wrote it:
 * `planvas` for a save through the API (with the saving tab's `clientId` when it sent
 * X-Planvas-Client, so that tab can ignore its own echo), `disk` for anything else (an editor,
 * git, another runtime).
 */
export interface DocumentChange {
  workflowId: string;
  document: DocumentName;
  /** The hash of the file's bytes now; null when the file no longer exists. */
  revision: string | null;
  deleted?: true;
  origin: 'disk' | 'planvas';
  clientId?: string;
}

/** Workflows that appeared in or left the workspace (a plan.json created, deleted, moved). */
export interface WorkflowsChange {
  added: string[];
  removed: string[];
}

/** A workflow's current revisions, as the `ready` event of a change stream reports them. */
export interface WorkflowRevisions {
  workflowId: string;
  planRevision: string | null;
  stepConfigRevision: string | null;
}

export interface WorkspaceRevisions {
  workflows: WorkflowRevisions[];
}

/**
 * What a change stream hears. `ready` comes first and exactly once, with the revisions as they
 * are at that moment; every change after that moment follows, none before it.
 */
export interface ChangeSubscriber<Ready> {
  ready(snapshot: Ready): void;
  change(change: DocumentChange): void;
  workflows?(change: WorkflowsChange): void;
}
