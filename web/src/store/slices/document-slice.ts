import type { SliceCreator } from '../app-state';
import type { DocumentSlice } from '../state/document';
import { perDocumentState } from './per-document-state';

export const createDocumentSlice: SliceCreator<DocumentSlice> = (set, get) => ({
  workflowId: null,
  document: null,
  documentStatus: 'idle',
  documentError: null,
  documentLoadSeq: 0,
  openWorkflow: (id) => {
    if (id === get().workflowId) return;
    // Nothing of the workflow left behind (its dirty flag, its history) carries over to the one coming.
    set({ workflowId: id, document: null, documentStatus: id === null ? 'idle' : 'loading', documentError: null, ...perDocumentState(null) });
  },
  setDocument: (document) => {
    // A late answer for a workflow the user already left is dropped.
    if (document.id !== get().workflowId) return;
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
