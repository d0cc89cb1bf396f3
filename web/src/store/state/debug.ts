import type { Breakpoint, ResumeBody } from '@planvas/shared';

/**
 * Debugging runs: the open workflow's saved breakpoints (set from the canvas' context menu, kept
 * in planvas state) and resuming a paused run, with a changed decision when it has a pending one.
 */
export type DebugSlice = {
  breakpoints: Breakpoint[];
  /** The workflow `breakpoints` belong to (null before the first load). */
  breakpointsOf: string | null;
  loadBreakpoints(workflowId: string): Promise<void>;
  /** Adds the breakpoint, or removes it when the same one is set. */
  toggleBreakpoint(breakpoint: Breakpoint): Promise<void>;
  /** Resumes the followed run (Continue, Step, or Continue with the edited decision). */
  resumeRun(body: ResumeBody): Promise<boolean>;
  /** Runs the workflow again reusing every sub-agent result of run `runId` (pin all); resolves to the new run's id. */
  replayRun(runId: string): Promise<string | null>;
};
