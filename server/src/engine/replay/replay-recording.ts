import { isEvent, parseEventEnvelope, type EventEnvelope, type ReplayPin, type ReplayRequest } from '@planvas/shared';

/** One delegation of the recorded run whose sub-agent finished: what a replay may reuse. */
export interface RecordedDelegation {
  stepId: string;
  /** The route, `generic` for the generic agent. */
  routeId: string;
  /** The todo's id in the recorded run (pins name it) and its title (how a replay's new todo is matched to it). */
  todoId: string;
  title: string;
  iteration: number;
  result: string;
}

/** What a replay answers for one delegation of the new run. */
export type ReplayAnswer =
  | { kind: 'replayed'; recorded: RecordedDelegation; executionDir: string }
  | { kind: 'live' }
  /** Pinned, but the recording has no such delegation left: strict replays fail with `reason`. */
  | { kind: 'diverged'; reason: string };

/**
 * The sub-agent results of a recorded run, for a replay (docs/api.md "Pin and replay"). A new
 * run's todos have new ids, so a delegation is matched by its step, route and todo title, each
 * recorded delegation used once, in recorded order; pins by `todoId` name the recorded run's ids.
 */
export class ReplayRecording {
  private readonly unused: RecordedDelegation[];

  private constructor(
    delegations: RecordedDelegation[],
    private readonly request: ReplayRequest,
    /** The recorded run's execution folder: the pinned sub-agents' output files are copied from it. */
    readonly executionDir: string,
  ) {
    this.unused = delegations;
  }

  static fromEvents(events: ReadonlyArray<EventEnvelope>, request: ReplayRequest, executionDir: string): ReplayRecording {
    const started = new Map<string, Omit<RecordedDelegation, 'result'>>();
    const finished: RecordedDelegation[] = [];
    for (const raw of events) {
      const event = parseEventEnvelope(raw);
      if (!event) continue;
      if (isEvent(event, 'todo_task_route_selected') && event.data.next_action === 'delegate' && event.data.todo_id_to_execute) {
        const routeId = event.data.use_generic_agent ? 'generic' : (event.data.selected_route_id ?? '');
        started.set(`${event.data.step_id}\u0000${event.data.todo_id_to_execute}`, {
          stepId: event.data.step_id,
          routeId,
          todoId: event.data.todo_id_to_execute,
          title: event.data.todo_title ?? '',
          iteration: event.data.iteration,
        });
      } else if (isEvent(event, 'todo_task_item_completed')) {
        const key = `${event.data.step_id}\u0000${event.data.todo_id}`;
        const delegation = started.get(key);
        if (delegation && typeof event.data.result === 'string') {
          finished.push({ ...delegation, result: event.data.result });
          started.delete(key);
        }
      }
    }
    return new ReplayRecording(finished, request, executionDir);
  }

  get recorded(): number {
    return this.unused.length;
  }

  /** Whether a delegation to `routeId` of the recorded todo `todoId` is pinned. */
  private pinned(routeId: string, todoId: string | undefined): boolean {
    if (this.request.pin === 'all') return true;
    return this.request.pin.some(
      (pin: ReplayPin) => (pin.routeId === undefined || pin.routeId === routeId) && (pin.todoId === undefined || pin.todoId === todoId),
    );
  }

  /** A pin that would take this delegation whatever recorded todo it matched: `all`, or a pin on its route alone. */
  private pinnedByRoute(routeId: string): boolean {
    return this.request.pin === 'all' || this.request.pin.some((pin) => pin.todoId === undefined && pin.routeId === routeId);
  }

  /** The answer for the new run's delegation of todo `title` to `routeId` in step `stepId`. */
  take(stepId: string, routeId: string, title: string, iteration: number): ReplayAnswer {
    const at = this.unused.findIndex((d) => d.stepId === stepId && d.routeId === routeId && d.title === title);
    const recorded = at >= 0 ? this.unused[at] : undefined;
    if (recorded && this.pinned(routeId, recorded.todoId)) {
      this.unused.splice(at, 1);
      return { kind: 'replayed', recorded, executionDir: this.executionDir };
    }
    if (!recorded && this.pinnedByRoute(routeId)) {
      return {
        kind: 'diverged',
        reason: `the replay diverged at step "${stepId}", iteration ${iteration}: the recorded run has no delegation of todo "${title}" to ${routeId} left`,
      };
    }
    return { kind: 'live' };
  }

  get strict(): boolean {
    return this.request.strict === true;
  }
}
