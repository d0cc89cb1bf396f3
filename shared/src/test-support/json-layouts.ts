/**
 * Test support (not exported from the package): layouts real JSON writers produce, shared by the
 * generators of the json-format property tests.
 */

/** The separators of a document written on one line: between items, and between a key and its value. */
export interface CompactLayout {
  item: string;
  key: string;
}

/** Go's json.Marshal (`{"a":1,"b":2}`) and Python's json.dumps (`{"a": 1, "b": 2}`). */
export const COMPACT_LAYOUTS: readonly CompactLayout[] = [
  { item: '', key: ':' },
  { item: ' ', key: ': ' },
];
