/**
 * Objective edits from the user while a run goes on (docs/formats.md "Objective": the objective is editable per
 * turn). The route records the edit as an event at once; the todo_task step picks it up at the
 * start of its next orchestrator turn and stores it in todos.json, so the snapshots from then on
 * carry it. An edit for a step that has not started yet waits for it; one without a step goes to
 * the step running now, or else the next todo_task step.
 */
export class ObjectiveChannel {
  private readonly pending = new Map<string, string>();
  private active: { stepId: string; objective: string | undefined } | undefined;

  activate(stepId: string, objective: string | undefined): void {
    this.active = { stepId, objective };
  }

  deactivate(stepId: string): void {
    if (this.active?.stepId === stepId) this.active = undefined;
  }

  /** Records an edit; answers which step it is for and what it replaces. */
  set(objective: string, stepId?: string): { stepId?: string; previous?: string } {
    const target = stepId ?? this.active?.stepId;
    this.pending.set(target ?? '*', objective);
    const previous = target !== undefined && this.active?.stepId === target ? this.active.objective : undefined;
    return { ...(target !== undefined ? { stepId: target } : {}), ...(previous !== undefined ? { previous } : {}) };
  }

  /** The newest edit waiting for `stepId`, consumed. */
  take(stepId: string): string | undefined {
    const own = this.pending.get(stepId);
    const any = this.pending.get('*');
    this.pending.delete(stepId);
    this.pending.delete('*');
    const value = own ?? any;
    if (value !== undefined && this.active?.stepId === stepId) this.active.objective = value;
    return value;
  }
}
