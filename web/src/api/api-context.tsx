import { createContext, useContext, useState, type ReactNode } from 'react';
import { createApiClient, type PlanvasApi } from './client';

const ApiContext = createContext<PlanvasApi | null>(null);

export function ApiProvider({ api, children }: { api?: PlanvasApi; children: ReactNode }) {
  const [value] = useState(() => api ?? createApiClient());
  return <ApiContext.Provider value={value}>{children}</ApiContext.Provider>;
}

export function useApi(): PlanvasApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi must be used inside <ApiProvider>');
  return api;
}
