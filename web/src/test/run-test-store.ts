// Test-only: the app store with the run slice wired to test doubles.
import type { AppState } from '../store/app-state';
import { createAppStore, type AppStore } from '../store/app-store';
import type { RunSliceDeps } from '../store/slices/run-slice';

export type RunTestState = AppState;

export function createRunTestStore(deps: RunSliceDeps, initial: Partial<AppState> = {}): AppStore {
  return createAppStore(initial, { run: deps });
}
