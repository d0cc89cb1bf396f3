import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createLayoutClient, type LayoutService } from './layout-client';

const LayoutContext = createContext<LayoutService | null>(null);

/**
 * Provides the layout service (the ELK worker by default). The worker starts with the first
 * layout asked for, or earlier when main.tsx sees one coming; the empty canvas warms ELK up
 * (useWarmLayoutWhileIdle), and so does a plan shown from its saved layout once it is on screen
 * (useCanvasLayout), so the next layout does not wait for ELK to load.
 */
export function LayoutProvider({ service, children }: { service?: LayoutService; children: ReactNode }) {
  const [value] = useState(() => service ?? createLayoutClient());
  useEffect(
    () => () => {
      if (!service) value.dispose();
    },
    [value, service],
  );
  return <LayoutContext.Provider value={value}>{children}</LayoutContext.Provider>;
}

export function useLayoutService(): LayoutService {
  const service = useContext(LayoutContext);
  if (!service) throw new Error('useLayoutService must be used inside <LayoutProvider>');
  return service;
}

/**
 * How long no plan must have been open before ELK is warmed up. On a deep link the first render
 * has no plan yet, and warming then would load ELK alongside the app's start even when the plan
 * opens from its saved layout (main.tsx's preload decides that case).
 */
export const IDLE_WARM_DELAY_MS = 1000;

/** While no plan is open, the layout worker warms ELK up so the first plan opened lays out faster. */
export function useWarmLayoutWhileIdle(idle: boolean): void {
  const service = useLayoutService();
  useEffect(() => {
    if (!idle) return;
    const timer = setTimeout(() => service.warm(), IDLE_WARM_DELAY_MS);
    return () => clearTimeout(timer);
  }, [service, idle]);
}
