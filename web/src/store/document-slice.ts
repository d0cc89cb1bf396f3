import type { ApiError } from '../api/api-error';
import type { WorkflowDocument } from '../api/types';
import type { SliceCreator } from './app-state';

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

export const createDocumentSlice: SliceCreator<DocumentSlice> = (set, get) => ({
  workflowId: null,
  document: null,
  documentStatus: 'idle',
  documentError: null,
  documentLoadSeq: 0,
  openWorkflow: (id) => {
    if (id === get().workflowId) return;
    set({ workflowId: id, document: null, documentStatus: id === null ? 'idle' : 'loading', documentError: null });
  },
  setDocument: (document) => {
    // A late answer for a workflow the user already left is dropped.
    if (document.id !== get().workflowId) return;
    set({ document, documentStatus: 'ready', documentError: null });
    // The loaded files are the saved state: a clean document and a fresh undo history.
    get().documentLoaded(document);
  },
  failDocument: (id, error) => {
    if (id !== get().workflowId) return;
    set({ documentStatus: 'error', documentError: error });
  },
  reloadDocument: () => {
    if (get().workflowId === null) return;
    set({ documentStatus: 'loading', documentError: null, documentLoadSeq: get().documentLoadSeq + 1 });
  },
});
