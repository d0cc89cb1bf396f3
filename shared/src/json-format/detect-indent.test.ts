import { describe, expect, it } from 'vitest';
import { detectIndent } from './detect-indent';

const sample = { a: 1, b: { c: [1, 2, { d: 'x' }] }, e: [] };

describe('detectIndent', () => {
  it.each([
    ['two spaces', '  '],
    ['four spaces', '    '],
    ['a tab', '\t'],
    ['three spaces', '   '],
  ])('finds %s from JSON.stringify output', (_name, indent) => {
    expect(detectIndent(JSON.stringify(sample, null, indent))).toBe(indent);
  });

  it('reads CRLF files and ignores a BOM', () => {
    const text = `\ufeff${JSON.stringify(sample, null, 4).replace(/\n/g, '\r\n')}\r\n`;
    expect(detectIndent(text)).toBe('    ');
  });

  it('prefers the most frequent step over an odd first line', () => {
    const text = '{\n      "odd": 1,\n  "a": {\n    "b": {\n      "c": 1\n    }\n  }\n}\n';
    expect(detectIndent(text)).toBe('  ');
  });

  it('returns "" for single-line and unindented documents that have content', () => {
    expect(detectIndent('{"a":1,"b":[1,2]}')).toBe('');
    expect(detectIndent('{"a": 1, "b": [1, 2]}\n')).toBe('');
    expect(detectIndent('{\n"a": 1\n}\n')).toBe('');
  });

  it('falls back to two spaces when there is nothing to imitate', () => {
    expect(detectIndent('{}')).toBe('  ');
    expect(detectIndent('[]\n')).toBe('  ');
    expect(detectIndent('42')).toBe('  ');
    expect(detectIndent('')).toBe('  ');
  });
});
