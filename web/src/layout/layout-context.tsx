import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createLayoutClient, type LayoutService } from './layout-client';

const LayoutContext = createContext<LayoutService | null>(null);

/**
 * Provides the layout service (the ELK worker by default). The worker starts, and warms ELK up,
 * as soon as the app mounts, before any workflow is open.
 */
export function LayoutProvider({ service, children }: { service?: LayoutService; children: ReactNode }) {
  const [value] = useState(() => service ?? createLayoutClient());
  useEffect(() => {
    value.warm();
    return () => {
      if (!service) value.dispose();
    };
  }, [value, service]);
  return <LayoutContext.Provider value={value}>{children}</LayoutContext.Provider>;
}

export function useLayoutService(): LayoutService {
  const service = useContext(LayoutContext);
  if (!service) throw new Error('useLayoutService must be used inside <LayoutProvider>');
  return service;
}
