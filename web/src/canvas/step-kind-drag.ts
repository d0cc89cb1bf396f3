/**
 * The drag payload type of a palette item: the palette (authoring) sets it, the canvas reads it on
 * drop. It lives with the canvas, the lower of the two, so the canvas need not import the palette.
 */
export const STEP_KIND_MIME = 'application/x-planvas-step-kind';
