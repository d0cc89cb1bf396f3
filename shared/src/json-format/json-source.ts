import type { JsonTree } from './json-tree';

/** A JSON document as read from disk: its exact text, its value, and how it is laid out. */
export interface JsonSource {
  /** The text exactly as read, BOM included. */
  readonly text: string;
  /** What JSON.parse returns for the text (BOM removed). */
  readonly value: unknown;
  /** One indentation level: '  ', '    ', '\t', ... ('' for single-line or unindented documents). */
  readonly indent: string;
  /** The first line break's style; new lines are written with it. */
  readonly newline: '\n' | '\r\n';
  readonly finalNewline: boolean;
  readonly hasBom: boolean;
  /** Offsets of every value, key and gap in text. */
  readonly tree: JsonTree;
}
