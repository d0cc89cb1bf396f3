import { describe, expect, it } from 'vitest';
import { runSidebarLayout, runSidebarPlacement } from './run-sidebar-layout';

describe('runSidebarLayout', () => {
  it('auto: expanded while a run is followed, a rail otherwise', () => {
    expect(runSidebarLayout('auto', { followingRun: false })).toBe('rail');
    expect(runSidebarLayout('auto', { followingRun: true })).toBe('expanded');
  });

  it("keeps the user's choice whether or not a run is followed", () => {
    expect(runSidebarLayout('expanded', { followingRun: false })).toBe('expanded');
    expect(runSidebarLayout('rail', { followingRun: true })).toBe('rail');
  });
});

describe('runSidebarPlacement', () => {
  it('docks the unfolded panel under the inspector while a node is edited, in its own column otherwise', () => {
    expect(runSidebarPlacement('expanded', { editingNode: true })).toBe('docked');
    expect(runSidebarPlacement('expanded', { editingNode: false })).toBe('column');
  });

  it('leaves a rail a rail beside the inspector: the user folded it', () => {
    expect(runSidebarPlacement('rail', { editingNode: true })).toBe('column');
  });
});
