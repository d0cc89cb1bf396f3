/**
 * The parts of JSON.stringify's algorithm (SerializeJSONProperty) that decide
 * what a JavaScript value becomes, so that the preserving writer accepts
 * exactly what JSON.stringify accepts and writes the same thing.
 */

/** Returned for values JSON.stringify leaves out of objects (and writes as null in arrays). */
export const OMITTED: unique symbol = Symbol('omitted');

export type JsonReady = string | number | boolean | null | readonly unknown[] | Record<string, unknown>;

/** `key` is what toJSON receives; array positions are passed as numbers and only turned into strings if needed. */
export function toJsonReady(value: unknown, key: string | number): JsonReady | typeof OMITTED {
  // Primitives first: they are most of a document and need none of the checks below.
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return value;
    case 'object':
    case 'bigint':
      break;
    default:
      return OMITTED;
  }
  if (value === null) return null;
  let current: unknown = value;
  const toJSON = (current as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') current = (toJSON as (key: string) => unknown).call(current, String(key));
  switch (typeof current) {
    case 'string':
    case 'number':
    case 'boolean':
      return current;
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'object':
      if (current === null || Array.isArray(current)) return current as JsonReady;
      // new Number(1), new String('a') and new Boolean(true) are written as their primitive.
      if (current instanceof Number) return Number(current);
      if (current instanceof String) return String(current);
      if (current instanceof Boolean) return current.valueOf();
      return current as JsonReady;
    default:
      return OMITTED;
  }
}

export function writeScalar(value: string | number | boolean | null): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  return value === null ? 'null' : value ? 'true' : 'false';
}

/** Own enumerable string keys are what JSON.stringify writes. */
export function hasJsonKey(value: object, key: string): boolean {
  return Object.prototype.propertyIsEnumerable.call(value, key);
}
