import type { ApiError } from '../../api/api-error';
import type { WorkflowDocument } from '../../api/types';

/** The open workflow: plan, step config, their revisions and the problems found in them. */
export type DocumentSlice = {
  /** The workflow the user asked for (from the URL), set before it has loaded. */
  workflowId: string | null;
  document: WorkflowDocument | null;
  documentStatus: 'idle' | 'loading' | 'ready' | 'error';
  documentError: ApiError | null;
  /** Bumped to load the open workflow again (after an error, or when its files changed). */
  documentLoadSeq: number;
  openWorkflow(id: string | null): void;
  setDocument(document: WorkflowDocument): void;
  failDocument(id: string, error: ApiError): void;
  reloadDocument(): void;
};
