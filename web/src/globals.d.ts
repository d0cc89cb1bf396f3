/** Set at build time (vite.config.ts): true only in the bench's dagre baseline build. */
declare const __PLANVAS_BASELINE_DAGRE__: boolean;
