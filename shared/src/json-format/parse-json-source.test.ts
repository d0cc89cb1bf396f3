import { describe, expect, it } from 'vitest';
import { JsonSyntaxError } from './json-syntax-error';
import { JsonKind } from './json-tree';
import { MAX_JSON_DEPTH, parseJsonSource } from './parse-json-source';

function syntaxError(text: string): JsonSyntaxError {
  try {
    parseJsonSource(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be rejected`);
}

describe('parseJsonSource: values', () => {
  it.each([
    ['object', '{"a": 1, "b": [true, false, null], "c": {"d": "e"}}'],
    ['scalars at the root', '"text"'],
    ['numbers in every spelling', '[0, -0, 1.0, 1e3, 1E+3, 2.5e-3, -12.75, 12345678901234567890, 1e400]'],
    ['escapes', String.raw`["\"\\\/\b\f\n\r\t", "\u00e9\u0041", "\ud83d\ude00", "\ud800"]`],
    ['raw unicode', '{"é": "ünïcødé 😀 中文"}'],
    ['whitespace everywhere', ' \t\r\n{ "a" :\n[ 1 ,2 ] }\n\n'],
    ['empty containers', '{"a": {}, "b": [], "c": [[]], "d": [{}]}'],
    ['integer-like keys', '{"0": "a", "reject": "b", "2": "c"}'],
    ['duplicate keys', '{"a": 1, "b": 2, "a": 3}'],
    ['__proto__ as a key', '{"__proto__": {"polluted": true}, "x": 1}'],
  ])('gives the same value as JSON.parse for %s', (_name, text) => {
    expect(parseJsonSource(text).value).toEqual(JSON.parse(text));
  });

  it('keeps "__proto__" an own key instead of a prototype', () => {
    const value = parseJsonSource('{"__proto__": {"polluted": true}}').value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__']);
  });

  it('detects layout: indent, newline style, final newline and BOM', () => {
    const crlf = parseJsonSource('\ufeff{\r\n\t"a": [\r\n\t\t1\r\n\t]\r\n}');
    expect(crlf).toMatchObject({ indent: '\t', newline: '\r\n', finalNewline: false, hasBom: true });
    expect(crlf.value).toEqual({ a: [1] });
    const lf = parseJsonSource('{\n  "a": 1\n}\n');
    expect(lf).toMatchObject({ indent: '  ', newline: '\n', finalNewline: true, hasBom: false });
  });

  it('records offsets, keys and layout flags in the tree', () => {
    const text = '{\n  "a": [1, "x"],\n  "b\\u0021": {"c": null}\n}';
    const { tree } = parseJsonSource(text);
    expect(tree.kind(tree.root)).toBe(JsonKind.Object);
    expect(tree.isMultiline(tree.root)).toBe(true);
    const [a, b] = tree.children(tree.root);
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    if (a === undefined || b === undefined) return;
    expect(tree.key(a)).toBe('a');
    expect(tree.raw(a)).toBe('[1, "x"]');
    expect(tree.isMultiline(a)).toBe(false);
    expect(tree.children(a).map((element) => tree.scalarValue(element))).toEqual([1, 'x']);
    expect(tree.key(b)).toBe('b!');
    expect(tree.keyIs(b, 'b!')).toBe(true);
    expect(text.slice(tree.leadingStart(b), tree.entryStart(b))).toBe('\n  ');
    expect(tree.member(b, 'c')).toBeGreaterThan(b);
    expect(tree.member(b, 'missing')).toBe(-1);
  });

  it('flags objects with duplicate keys, including differently escaped spellings', () => {
    const plain = parseJsonSource('{"a": 1, "a": 2}').tree;
    expect(plain.hasDuplicateKeys(plain.root)).toBe(true);
    const escaped = parseJsonSource('{"a": 1, "\\u0061": 2}').tree;
    expect(escaped.hasDuplicateKeys(escaped.root)).toBe(true);
    const distinct = parseJsonSource('{"a": 1, "ab": 2, "b": 3}').tree;
    expect(distinct.hasDuplicateKeys(distinct.root)).toBe(false);
    const manyKeys = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, i]));
    const large = `${JSON.stringify(manyKeys).slice(0, -1)},"k7":0}`;
    const largeTree = parseJsonSource(large).tree;
    expect(largeTree.hasDuplicateKeys(largeTree.root)).toBe(true);
    const largeDistinctTree = parseJsonSource(JSON.stringify(manyKeys)).tree;
    expect(largeDistinctTree.hasDuplicateKeys(largeDistinctTree.root)).toBe(false);
  });

  it('accepts nesting up to the depth limit', () => {
    const deep = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect(() => parseJsonSource(deep)).not.toThrow();
  });
});

describe('parseJsonSource: syntax errors', () => {
  it.each([
    ['{\n  "a": 1,\n}', 'Trailing comma', 2, 9],
    ['[1, 2,]', 'Trailing comma', 1, 6],
    ['{"a": 1 // note\n}', 'Comments are not allowed', 1, 9],
    ['{"a": /* note */ 1}', 'Comments are not allowed', 1, 7],
    ['{"a": NaN}', 'NaN is not a valid JSON value', 1, 7],
    ['[-Infinity]', 'Infinity is not a valid JSON value', 1, 2],
    ['{"a": undefined}', "Unexpected token 'undefined'", 1, 7],
    ["{'a': 1}", 'Strings must use double quotes', 1, 2],
    ['{"a" 1}', 'expected \':\' after property name "a"', 1, 6],
    ['{"a": 1 "b": 2}', "expected ',' or '}'", 1, 9],
    ['[1 2]', "expected ',' or ']'", 1, 4],
    ['{a: 1}', 'expected a property name in double quotes', 1, 2],
    ['', 'Empty document', 1, 1],
    [' \n ', 'Empty document', 2, 2],
    ['{"a": "x', 'Unterminated string', 1, 7],
    ['["a\tb"]', 'Unescaped control character U+0009', 1, 4],
    [String.raw`["\x"]`, "Invalid escape sequence '\\x'", 1, 3],
    [String.raw`["\u12G4"]`, "Invalid escape sequence '\\u12G4'", 1, 3],
    ['[01]', 'leading zeros', 1, 2],
    ['[1.]', 'expected a digit after the decimal point', 1, 4],
    ['[1e]', 'expected a digit after the exponent marker', 1, 4],
    ['[-]', "expected a digit after '-'", 1, 3],
    ['[.5]', "Unexpected character '.'", 1, 2],
    ['{} {}', 'Unexpected content after the end', 1, 4],
    ['{"a": tru}', "Unexpected token 'tru'", 1, 7],
    ['[1,\n  2,\n  ', 'Unexpected end of input', 3, 3],
    ['\u00a0{}', 'character U+00A0', 1, 1],
    ['{\r\n  "a": x\r\n}', "Unexpected token 'x'", 2, 8],
    ['\ufeff{"a": }', "Unexpected character '}'", 1, 7],
  ])('rejects %j with a located message', (text, reason, line, column) => {
    expect(() => JSON.parse(text.replace(/^\ufeff/, ''))).toThrow();
    const error = syntaxError(text);
    expect(error.message).toContain(reason);
    expect(error.message).toContain(`line ${line}, column ${column}`);
    expect({ line: error.line, column: error.column }).toEqual({ line, column });
    expect(error.name).toBe('JsonSyntaxError');
  });

  it.each([
    ['{"steps": [{"id": "a"}, {"id": "b",}]}', '$.steps[1]'],
    ['{"steps": [{"id": "a", "title": "unterminated}]}', '$.steps[0].title'],
    ['{"a b": {"x": [1, 2, 03]}}', '$["a b"].x[2]'],
    ['{"a": 1} x', '$'],
    ['{"a" 1}', '$'],
  ])('reports where in the document %j fails', (text, path) => {
    const error = syntaxError(text);
    expect(error.path).toBe(path);
    expect(error.toErrorDetail()).toEqual({ path, message: error.message });
  });

  it('gives the offset into the original text', () => {
    const error = syntaxError('{"a": 1,}');
    expect(error.offset).toBe(7);
    expect(error.reason).toBe('Trailing comma is not allowed in JSON');
  });

  it('rejects nesting beyond the depth limit with a clear message instead of overflowing the stack', () => {
    const deep = '['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1);
    expect(syntaxError(deep).message).toContain(`nested more than ${MAX_JSON_DEPTH} levels`);
  });
});
