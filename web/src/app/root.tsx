import type { ReactNode } from 'react';
import { ApiProvider } from '../api/api-context';
import type { PlanvasApi } from '../api/client';
import type { WorkflowsApi } from '../api/workflows-api';
import { WorkflowsApiProvider } from '../api/workflows-api-context';
import { LayoutProvider } from '../layout/layout-context';
import type { LayoutService } from '../layout/layout-client';
import type { AppStore } from '../store/app-store';
import { StoreProvider } from '../store/store-context';
import { App } from './app';

/** Everything the app needs, injectable: tests pass their own store, API clients or layout service. */
export function Root({
  store,
  api,
  workflowsApi,
  layout,
  children,
}: {
  store?: AppStore;
  api?: PlanvasApi;
  workflowsApi?: WorkflowsApi;
  layout?: LayoutService;
  children?: ReactNode;
}) {
  return (
    <StoreProvider {...(store ? { store } : {})}>
      <ApiProvider {...(api ? { api } : {})}>
        <WorkflowsApiProvider api={workflowsApi}>
          <LayoutProvider {...(layout ? { service: layout } : {})}>{children ?? <App />}</LayoutProvider>
        </WorkflowsApiProvider>
      </ApiProvider>
    </StoreProvider>
  );
}
