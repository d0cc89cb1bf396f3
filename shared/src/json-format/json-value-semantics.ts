/**
 * The parts of JSON.stringify's algorithm (SerializeJSONProperty) that decide
 * what a JavaScript value becomes, so that the preserving writer accepts
 * exactly what JSON.stringify accepts and writes the same thing.
 */

/** Returned for values JSON.stringify leaves out of objects (and writes as null in arrays). */
export const OMITTED: unique symbol = Symbol('omitted');

export type JsonReady = string | number | boolean | null | readonly unknown[] | Record<string, unknown>;

export function toJsonReady(value: unknown, key: string): JsonReady | typeof OMITTED {
  let current = value;
  if ((typeof current === 'object' && current !== null) || typeof current === 'bigint') {
    const toJSON = (current as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') current = (toJSON as (key: string) => unknown).call(current, key);
  }
  if (current instanceof Number) current = Number(current);
  else if (current instanceof String) current = String(current);
  else if (current instanceof Boolean) current = current.valueOf();
  switch (typeof current) {
    case 'string':
    case 'boolean':
      return current;
    case 'number':
      return current;
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'object':
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
