import type { ApiError } from '../api/api-error';
import type { WorkflowSummary } from '../api/types';
import type { SliceCreator } from './app-state';

/** The workspace's workflows, for the sidebar. */
export type WorkspaceSlice = {
  workflows: WorkflowSummary[];
  workflowsStatus: 'idle' | 'loading' | 'ready' | 'error';
  workflowsError: ApiError | null;
  workflowQuery: string;
  setWorkflowsLoading(): void;
  setWorkflows(workflows: WorkflowSummary[]): void;
  failWorkflows(error: ApiError): void;
  setWorkflowQuery(query: string): void;
};

export const createWorkspaceSlice: SliceCreator<WorkspaceSlice> = (set) => ({
  workflows: [],
  workflowsStatus: 'idle',
  workflowsError: null,
  workflowQuery: '',
  setWorkflowsLoading: () => set({ workflowsStatus: 'loading', workflowsError: null }),
  setWorkflows: (workflows) => set({ workflows, workflowsStatus: 'ready', workflowsError: null }),
  failWorkflows: (error) => set({ workflowsStatus: 'error', workflowsError: error }),
  setWorkflowQuery: (workflowQuery) => set({ workflowQuery }),
});

/** Workflows whose title or id contains every word of the query (case-insensitive). */
export function filterWorkflows(workflows: readonly WorkflowSummary[], query: string): WorkflowSummary[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...workflows];
  return workflows.filter((w) => {
    const haystack = `${w.title} ${w.id}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
