import { createContext, useContext, useState, type ReactNode } from 'react';
import { useApi } from './api-context';
import { createWorkflowsApi, type WorkflowsApi } from './workflows-api';

const WorkflowsApiContext = createContext<WorkflowsApi | null>(null);

/** Gives the app the workflow management API; by default the real one, with the tab's client id (inside <ApiProvider>). */
export function WorkflowsApiProvider({ api, children }: { api?: WorkflowsApi | undefined; children: ReactNode }) {
  const { clientId } = useApi();
  const [value] = useState(() => api ?? createWorkflowsApi({ clientId }));
  return <WorkflowsApiContext.Provider value={value}>{children}</WorkflowsApiContext.Provider>;
}

export function useWorkflowsApi(): WorkflowsApi {
  const api = useContext(WorkflowsApiContext);
  if (!api) throw new Error('useWorkflowsApi must be used inside <WorkflowsApiProvider>');
  return api;
}
