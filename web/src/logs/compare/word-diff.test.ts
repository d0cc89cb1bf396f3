import { describe, expect, it } from 'vitest';
import { wordDiff } from './word-diff';

describe('wordDiff', () => {
  it('keeps the words both have and marks the removed and added ones', () => {
    expect(wordDiff('Wrote part one and checked sources', 'Wrote part two and checked all sources')).toEqual([
      { kind: 'same', text: 'Wrote part ' },
      { kind: 'removed', text: 'one ' },
      { kind: 'added', text: 'two ' },
      { kind: 'same', text: 'and checked ' },
      { kind: 'added', text: 'all ' },
      { kind: 'same', text: 'sources' },
    ]);
  });

  it('is all same for equal texts, all added from nothing', () => {
    expect(wordDiff('a b', 'a b')).toEqual([{ kind: 'same', text: 'a b' }]);
    expect(wordDiff('', 'new text')).toEqual([{ kind: 'added', text: 'new text' }]);
  });
});
