import { z } from 'zod';

export const LayoutDirection = z.enum(['LR', 'TB']);
export type LayoutDirection = z.infer<typeof LayoutDirection>;

const Point = z.object({ x: z.number(), y: z.number() });

/**
 * How a user looks at one workflow: planvas' own state, kept in its data folder, never in
 * plan.json (layout positions are view state, not plan content).
 */
export const ViewSettings = z.object({
  direction: LayoutDirection,
  /** Manual drag positions by node id, per direction (a layout in LR says nothing about TB). */
  positions: z.object({ LR: z.record(z.string(), Point), TB: z.record(z.string(), Point) }),
  viewport: z.object({ x: z.number(), y: z.number(), zoom: z.number().positive() }).optional(),
});
export type ViewSettings = z.infer<typeof ViewSettings>;

export const DEFAULT_VIEW_SETTINGS: ViewSettings = { direction: 'LR', positions: { LR: {}, TB: {} } };
