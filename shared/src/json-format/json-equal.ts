/**
 * Equality of two JSON values as JSON means it: object key order does not matter (a browser
 * reorders integer-like keys), array order does, and a key holding `undefined` is absent. Used to
 * recognise a no-op save and the steps an edit left alone, on every save of a big plan, so it
 * allocates nothing (no key lists).
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const arrayA = Array.isArray(a);
  if (arrayA !== Array.isArray(b)) return false;
  if (arrayA) {
    const x = a as unknown[];
    const y = b as unknown[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!jsonEqual(x[i], y[i])) return false;
    return true;
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let defined = 0;
  for (const key in ra) {
    if (!Object.prototype.hasOwnProperty.call(ra, key)) continue;
    const value = ra[key];
    if (value === undefined) continue;
    defined++;
    if (!Object.prototype.hasOwnProperty.call(rb, key) || !jsonEqual(value, rb[key])) return false;
  }
  for (const key in rb) {
    if (Object.prototype.hasOwnProperty.call(rb, key) && rb[key] !== undefined) defined--;
  }
  return defined === 0;
}
