import type { WorkspaceSettings } from '@planvas/shared';
import type { ApiError } from '../../api/api-error';
import type { WorkflowSummary } from '../../api/types';

/** The workspace: its workflows (for the sidebar) and its settings (the LLM preset and default the inspector resolves). */
export type WorkspaceSlice = {
  workflows: WorkflowSummary[];
  workflowsStatus: 'idle' | 'loading' | 'ready' | 'error';
  workflowsError: ApiError | null;
  workflowQuery: string;
  workspaceSettings: WorkspaceSettings;
  setWorkflowsLoading(): void;
  setWorkflows(workflows: WorkflowSummary[]): void;
  failWorkflows(error: ApiError): void;
  setWorkflowQuery(query: string): void;
  setWorkspaceSettings(settings: WorkspaceSettings): void;
};
