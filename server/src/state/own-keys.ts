/**
 * Entries of planvas' state keyed by workflow id (views, layouts, legacy promotions). A workflow
 * may be named `__proto__` or `constructor` (a folder name like any other): a plain `obj[id]` read
 * would answer Object.prototype's member and a plain write would replace the object's prototype
 * and lose the entry. These read and write own entries only.
 */
export function ownEntry<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

export function putEntry<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
