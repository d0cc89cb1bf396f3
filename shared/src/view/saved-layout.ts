import { z } from 'zod';

/** Enough for a 5,000-step plan with fans of sub-agents; a bigger body is a mistake, not a plan. */
export const MAX_SAVED_LAYOUT_NODES = 20_000;

const Point = z.object({ x: z.number().finite(), y: z.number().finite() });

/**
 * An automatic (ELK) layout the canvas computed once, kept so the next open of the same plan
 * structure skips the layout: ELK needs seconds for a 1,000-step plan, reading this back does not.
 * `key` identifies the layout input (node sizes, ports, edges) it was computed for; any edit that
 * changes the geometry changes the key, so a stale layout is never shown. A cache, not a setting:
 * losing it costs one layout, and manual drag positions live in the view settings, not here.
 */
export const SavedLayout = z.object({
  key: z.string().min(1).max(200),
  positions: z
    .record(z.string(), Point)
    .refine((positions) => Object.keys(positions).length <= MAX_SAVED_LAYOUT_NODES, { message: `at most ${MAX_SAVED_LAYOUT_NODES} positions` }),
});
export type SavedLayout = z.infer<typeof SavedLayout>;

/** The saved layouts of one workflow, one per direction (a plan laid out in LR says nothing about TB). */
export const SavedLayouts = z.object({ LR: SavedLayout.optional(), TB: SavedLayout.optional() });
export type SavedLayouts = z.infer<typeof SavedLayouts>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `SavedLayout.safeParse(value).success` without zod (see isSavedLayouts). */
export function isSavedLayout(value: unknown): value is SavedLayout {
  if (!isObject(value) || typeof value.key !== 'string' || value.key.length === 0 || value.key.length > 200 || !isObject(value.positions)) return false;
  let count = 0;
  for (const key in value.positions) {
    const point = value.positions[key];
    if (!isObject(point) || !Number.isFinite(point.x) || !Number.isFinite(point.y) || ++count > MAX_SAVED_LAYOUT_NODES) return false;
  }
  return true;
}

/**
 * The same test as `SavedLayouts.safeParse(value).success`, without zod: a 1,000-step plan's
 * layout has ~1,750 positions, which zod takes ~50 ms of the page's main thread to check while
 * the plan opens; this takes ~1 ms. (The server checks what it is sent with the schema, for the
 * path of each problem; the page only needs to know whether to use what it got.)
 */
export function isSavedLayouts(value: unknown): value is SavedLayouts {
  // Other keys are ignored, as the schema ignores them.
  if (!isObject(value)) return false;
  return (value.LR === undefined || isSavedLayout(value.LR)) && (value.TB === undefined || isSavedLayout(value.TB));
}
