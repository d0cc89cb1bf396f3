import type { RunErrorKind } from '@planvas/shared';

/** Why a step (and so the run) stopped: its kind goes into the `run_error` event. */
export class StepFailure extends Error {
  constructor(
    readonly kind: RunErrorKind,
    message: string,
    readonly stepId?: string,
  ) {
    super(message);
    this.name = 'StepFailure';
  }
}

/** The run was cancelled (by the user, or because the server is shutting down). */
export class RunCancelled extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RunCancelled';
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
