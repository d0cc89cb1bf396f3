import { describe, expect, it } from 'vitest';
import { storeWithDocument } from '../../test/authoring-store';
import { HISTORY_LIMIT } from './history-slice';

describe('history slice', () => {
  it('coalesces a run of changes with the same key into one undo step, until sealed or interrupted', () => {
    const store = storeWithDocument();
    const title = (t: string) => store.getState().updateStepFields('gather-sources', { title: t }, 'title');
    title('a');
    title('ab');
    expect(store.getState().past).toHaveLength(1);
    store.getState().sealHistory();
    title('abc');
    expect(store.getState().past).toHaveLength(2);
    store.getState().updateStepFields('gather-sources', { description: 'x' }, 'description');
    title('abcd');
    expect(store.getState().past).toHaveLength(4);
    store.getState().undo();
    title('abcde');
    expect(store.getState().past).toHaveLength(4);
  });

  it('remembers document and layout together, and keeps at most HISTORY_LIMIT steps', () => {
    const store = storeWithDocument();
    store.getState().addStepOfKind('regular', { position: { x: 3, y: 4 } });
    expect(store.getState().past.at(-1)).toMatchObject({ label: 'Add Step', positions: { LR: {}, TB: {} }, direction: 'LR' });
    store.getState().undo();
    expect(store.getState().manualPositions.LR).toEqual({});
    expect(store.getState().future).toHaveLength(1);
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) store.getState().recordHistory(`step ${i}`);
    expect(store.getState().past).toHaveLength(HISTORY_LIMIT);
    expect(store.getState().past[0]!.label).toBe('step 5');
    expect(store.getState().future).toEqual([]);
    store.getState().resetHistory();
    expect(store.getState()).toMatchObject({ past: [], future: [], historyKey: null });
  });
});
