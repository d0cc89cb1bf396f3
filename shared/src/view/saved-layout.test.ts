import { describe, expect, it } from 'vitest';
import { isSavedLayouts, MAX_SAVED_LAYOUT_NODES, SavedLayouts } from './saved-layout';

const layout = { key: 'v1-a', positions: { a: { x: 1, y: -2.5 }, b: { x: 0, y: 0 } } };

describe('isSavedLayouts', () => {
  const cases: Array<[string, unknown]> = [
    ['empty', {}],
    ['one direction', { LR: layout }],
    ['both', { LR: layout, TB: { key: 'k', positions: {} } }],
    ['not an object', []],
    ['null', null],
    ['another direction', { RL: layout }],
    ['empty key', { LR: { ...layout, key: '' } }],
    ['long key', { LR: { ...layout, key: 'k'.repeat(201) } }],
    ['positions a list', { LR: { key: 'k', positions: [] } }],
    ['a point without y', { LR: { key: 'k', positions: { a: { x: 1 } } } }],
    ['a point of strings', { TB: { key: 'k', positions: { a: { x: '1', y: 2 } } } }],
    ['an infinite point', { TB: { key: 'k', positions: { a: { x: Infinity, y: 2 } } } }],
    [
      'too many points',
      { LR: { key: 'k', positions: Object.fromEntries(Array.from({ length: MAX_SAVED_LAYOUT_NODES + 1 }, (_, i) => [`n${i}`, { x: 0, y: 0 }])) } },
    ],
  ];
  it.each(cases)('agrees with the schema: %s', (_name, value) => {
    expect(isSavedLayouts(value)).toBe(SavedLayouts.safeParse(value).success);
  });

  it('accepts the good ones and refuses the rest', () => {
    expect(cases.filter(([, v]) => isSavedLayouts(v)).map(([name]) => name)).toEqual(['empty', 'one direction', 'both', 'another direction']);
  });
});
