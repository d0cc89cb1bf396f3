import type { WorkflowSummary } from '../../api/types';
import type { SliceCreator } from '../app-state';
import type { WorkspaceSlice } from '../state/workspace';

export const createWorkspaceSlice: SliceCreator<WorkspaceSlice> = (set) => ({
  workflows: [],
  workflowsStatus: 'idle',
  workflowsError: null,
  workflowQuery: '',
  workspaceSettings: {},
  setWorkflowsLoading: () => set({ workflowsStatus: 'loading', workflowsError: null }),
  setWorkflows: (workflows) => set({ workflows, workflowsStatus: 'ready', workflowsError: null }),
  failWorkflows: (error) => set({ workflowsStatus: 'error', workflowsError: error }),
  setWorkflowQuery: (workflowQuery) => set({ workflowQuery }),
  setWorkspaceSettings: (workspaceSettings) => set({ workspaceSettings }),
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
