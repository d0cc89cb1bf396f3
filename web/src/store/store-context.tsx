import { createContext, useContext, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { AppState } from './app-state';
import { createAppStore, type AppStore } from './app-store';

const StoreContext = createContext<AppStore | null>(null);

export function StoreProvider({ store, children }: { store?: AppStore; children: ReactNode }) {
  // Created once per provider; a store passed in (tests, several canvases) is used as is.
  const [value] = useState(() => store ?? createAppStore());
  return <StoreContext.Provider value={value}>{children}</StoreContext.Provider>;
}

export function useAppStoreApi(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useAppStore must be used inside <StoreProvider>');
  return store;
}

/**
 * Subscribes to one slice of state. Always pass a narrow selector (or wrap it in `useShallow`):
 * a component re-renders whenever what the selector returns changes.
 */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(useAppStoreApi(), selector);
}
