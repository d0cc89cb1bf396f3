import type { LayoutDirection } from '@planvas/shared';
import { layoutOptions } from './elk-layout';
import type { LayoutEdge, LayoutNode } from './layout-types';

/**
 * Bump when the layout changes in a way its input does not show (elk-layout.ts code, elkjs
 * version): every saved layout then misses once and is computed again.
 */
const LAYOUT_VERSION = 4;

/** cyrb53: a fast 53-bit string hash, plenty to tell layout inputs apart (not for security). */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * The layout input as JSON text: equal texts (with equal options) lay out to equal positions. It
 * is both what the key hashes and what is posted to the worker: one serialization for both, and a
 * string crosses to the worker as one copy (cloning the object graph of a 1,000-step plan's 1,752
 * nodes was measured at ~50 ms of main thread).
 */
export function layoutInputText(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]): string {
  return JSON.stringify({ nodes, edges });
}

/**
 * The key a saved layout is filed under: the layout version, the ELK options (which name the
 * direction) and the input text hashed, with the text's length as a cheap second check.
 */
export function layoutKey(inputText: string, direction: LayoutDirection, nodeCount: number): string {
  const options = JSON.stringify(layoutOptions(direction, nodeCount));
  return `v${LAYOUT_VERSION}-${hash53(options).toString(36)}-${hash53(inputText).toString(36)}-${inputText.length.toString(36)}`;
}
