import { describe, expect, it } from 'vitest';
import { runSidebarLayout } from './run-sidebar-layout';

describe('runSidebarLayout', () => {
  it('auto: expanded while a run is followed, a rail otherwise', () => {
    expect(runSidebarLayout('auto', { followingRun: false, editingNode: false })).toBe('rail');
    expect(runSidebarLayout('auto', { followingRun: true, editingNode: false })).toBe('expanded');
  });

  it("keeps the user's choice whether or not a run is followed", () => {
    expect(runSidebarLayout('expanded', { followingRun: false, editingNode: false })).toBe('expanded');
    expect(runSidebarLayout('rail', { followingRun: true, editingNode: false })).toBe('rail');
  });

  it('folds to the rail while the inspector is open, whatever the mode', () => {
    for (const mode of ['auto', 'expanded', 'rail'] as const) {
      expect(runSidebarLayout(mode, { followingRun: true, editingNode: true })).toBe('rail');
    }
  });
});
