import type { ReactNode } from 'react';
import { ApiProvider } from '../api/api-context';
import type { PlanvasApi } from '../api/client';
import { LayoutProvider } from '../layout/layout-context';
import type { LayoutService } from '../layout/layout-client';
import type { AppStore } from '../store/app-store';
import { StoreProvider } from '../store/store-context';
import { App } from './app';

/** Everything the app needs, injectable: tests pass their own store, API client or layout service. */
export function Root({ store, api, layout, children }: { store?: AppStore; api?: PlanvasApi; layout?: LayoutService; children?: ReactNode }) {
  return (
    <StoreProvider {...(store ? { store } : {})}>
      <ApiProvider {...(api ? { api } : {})}>
        <LayoutProvider {...(layout ? { service: layout } : {})}>{children ?? <App />}</LayoutProvider>
      </ApiProvider>
    </StoreProvider>
  );
}
