import { describe, expect, it } from 'vitest';
import { diffHunks, diffLines, diffStats } from './line-diff';

const text = (...lines: string[]) => `${lines.join('\n')}\n`;

describe('diffLines', () => {
  it('marks nothing when the texts are equal', () => {
    expect(diffLines(text('a', 'b'), text('a', 'b')).every((l) => l.kind === 'same')).toBe(true);
  });

  it('finds a changed line between equal head and tail, with line numbers of both sides', () => {
    const lines = diffLines(text('a', 'b', 'c'), text('a', 'B', 'c'));
    expect(lines).toEqual([
      { kind: 'same', text: 'a', oldNo: 1, newNo: 1 },
      { kind: 'del', text: 'b', oldNo: 2 },
      { kind: 'add', text: 'B', newNo: 2 },
      { kind: 'same', text: 'c', oldNo: 3, newNo: 3 },
    ]);
  });

  it('matches moved-around lines by longest common subsequence', () => {
    const lines = diffLines(text('x', 'a', 'b', 'c', 'y'), text('x', 'b', 'c', 'd', 'y'));
    expect(lines.map((l) => `${l.kind[0]}${l.text}`)).toEqual(['sx', 'da', 'sb', 'sc', 'ad', 'sy']);
    expect(diffStats(lines)).toEqual({ added: 1, removed: 1 });
  });

  it('handles empty sides and CRLF', () => {
    expect(diffLines('', 'a\r\nb\r\n').map((l) => l.kind)).toEqual(['add', 'add']);
    expect(diffLines('a\n', '').map((l) => l.kind)).toEqual(['del']);
  });
});

describe('diffHunks', () => {
  it('keeps context around changes and skips long unchanged runs', () => {
    const old = Array.from({ length: 20 }, (_, i) => `line ${i}`);
    const changed = [...old];
    changed[10] = 'changed';
    const hunks = diffHunks(diffLines(text(...old), text(...changed)), 2);
    expect(hunks.map((h) => (h.kind === 'skip' ? `skip ${h.count}` : `lines ${h.lines.length}`))).toEqual(['skip 8', 'lines 6', 'skip 7']);
  });
});
