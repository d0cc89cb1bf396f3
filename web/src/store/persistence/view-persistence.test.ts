import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ViewSettings } from '@planvas/shared';
import { createAppStore } from '../app-store';
import { persistViewChanges } from './view-persistence';

const saved: Array<{ id: string; settings: ViewSettings; keepalive?: boolean }> = [];
const save = async (id: string, settings: ViewSettings, options?: { keepalive?: boolean }) => {
  saved.push({ id, settings, ...(options?.keepalive ? { keepalive: true } : {}) });
};
const EMPTY: ViewSettings = { direction: 'LR', positions: { LR: {}, TB: {} } };

beforeEach(() => {
  saved.length = 0;
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

function openWith(settings: ViewSettings = EMPTY) {
  const store = createAppStore();
  const persistence = persistViewChanges(store, save, 500);
  store.getState().openWorkflow('W');
  store.getState().applyViewSettings('W', settings);
  return { store, persistence };
}

describe('view settings persistence', () => {
  it('does not save settings that were just loaded', () => {
    openWith({ direction: 'TB', positions: { LR: {}, TB: {} } });
    vi.advanceTimersByTime(2000);
    expect(saved).toEqual([]);
  });

  it('saves a direction switch at once', () => {
    const { store } = openWith();
    store.getState().setDirection('TB');
    expect(saved).toEqual([{ id: 'W', settings: { direction: 'TB', positions: { LR: {}, TB: {} } } }]);
  });

  it('saves once, debounced, after a burst of changes', () => {
    const { store } = openWith({ direction: 'TB', positions: { LR: {}, TB: {} } });
    store.getState().moveNodes({ a: { x: 1, y: 1 } });
    vi.advanceTimersByTime(300);
    store.getState().moveNodes({ a: { x: 2, y: 2 } });
    expect(saved).toEqual([]);
    vi.advanceTimersByTime(500);
    expect(saved).toEqual([{ id: 'W', settings: { direction: 'TB', positions: { LR: {}, TB: { a: { x: 2, y: 2 } } } } }]);
  });

  it('saves what is pending at once when the user opens another workflow', () => {
    const { store } = openWith();
    store.getState().setViewport({ x: 10, y: 20, zoom: 0.8 });
    store.getState().openWorkflow('Other');
    expect(saved).toEqual([{ id: 'W', settings: { ...EMPTY, viewport: { x: 10, y: 20, zoom: 0.8 } } }]);
    store.getState().applyViewSettings('Other', EMPTY);
    vi.advanceTimersByTime(2000);
    expect(saved).toHaveLength(1);
  });

  it('flushes with keepalive when the page goes away, and stops', () => {
    const { store, persistence } = openWith({ direction: 'LR', positions: { LR: { a: { x: 1, y: 1 } }, TB: {} } });
    store.getState().tidyUp();
    persistence.flush({ keepalive: true });
    expect(saved).toEqual([{ id: 'W', settings: { direction: 'LR', positions: { LR: {}, TB: {} } }, keepalive: true }]);
    persistence.stop();
    store.getState().setDirection('LR');
    vi.advanceTimersByTime(2000);
    expect(saved).toHaveLength(1);
  });

  it('never saves before the workflow’s own settings arrived', () => {
    const store = createAppStore();
    persistViewChanges(store, save, 500);
    store.getState().openWorkflow('W');
    store.getState().setDirection('TB');
    vi.advanceTimersByTime(2000);
    expect(saved).toEqual([]);
  });
});
