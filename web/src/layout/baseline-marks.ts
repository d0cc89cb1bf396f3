/**
 * Performance marks the dagre baseline (dagre-baseline.ts) sets: the canvas asked for the layout;
 * dagre has placed every node. `pnpm bench` reads them in the page to split the dagre app's open
 * into phases, so this module imports nothing: the bench imports it too.
 */
export const BASELINE_MARKS = { asked: 'planvas-baseline-layout-asked', done: 'planvas-baseline-layout-done' } as const;
