/**
 * The concrete syntax tree kept next to a parsed value. Offsets point into
 * JsonSource.text, so any unchanged subtree can be copied back byte for byte.
 *
 * Container nodes deliberately carry no value: callers may mutate
 * JsonSource.value in place, and comparisons must be against what the file said.
 */
export type JsonNode = JsonScalarNode | JsonArrayNode | JsonObjectNode;

export type JsonScalar = string | number | boolean | null;

export interface JsonScalarNode {
  readonly kind: 'scalar';
  readonly start: number;
  readonly end: number;
  readonly value: JsonScalar;
}

export interface JsonArrayElement {
  /** Start of the whitespace between the preceding '[' or ',' and the element. */
  readonly leadingStart: number;
  /** Where the entry starts: the value itself for array elements. */
  readonly start: number;
  readonly node: JsonNode;
}

export interface JsonArrayNode {
  readonly kind: 'array';
  readonly start: number;
  readonly end: number;
  readonly elements: readonly JsonArrayElement[];
  /** The original text of the array spans more than one line. */
  readonly multiline: boolean;
}

export interface JsonObjectMember {
  readonly key: string;
  /** Start of the whitespace between the preceding '{' or ',' and the key. */
  readonly leadingStart: number;
  /** Where the entry starts: the opening quote of the key (same as keyStart). */
  readonly start: number;
  readonly keyStart: number;
  readonly keyEnd: number;
  readonly node: JsonNode;
}

export interface JsonObjectNode {
  readonly kind: 'object';
  readonly start: number;
  readonly end: number;
  /** In text order, duplicates included (the value keeps the last, as JSON.parse does). */
  readonly members: readonly JsonObjectMember[];
  readonly multiline: boolean;
  readonly hasDuplicateKeys: boolean;
}

export interface JsonSource {
  /** The text exactly as read, BOM included. */
  readonly text: string;
  /** What JSON.parse would return for text. */
  readonly value: unknown;
  /** One indentation level: '  ', '    ', '\t', ... ('' for single-line or unindented documents). */
  readonly indent: string;
  readonly newline: '\n' | '\r\n';
  readonly finalNewline: boolean;
  readonly hasBom: boolean;
  readonly root: JsonNode;
}
