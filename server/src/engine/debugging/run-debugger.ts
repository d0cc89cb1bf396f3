import {
  callCostUsd,
  issuesToDetails,
  priceTable,
  TodoTaskResponse,
  type Breakpoint,
  type BreakpointOn,
  type DecisionOverride,
  type ModelPrice,
  type ResumeBody,
  type RunBudget,
} from '@planvas/shared';
import { Conflict, InvalidInput } from '../../errors/domain-errors';
import { runMessages } from '../../runs/messages';
import { abortableWait } from '../abortable-wait';
import type { ModelCall } from '../providers/provider';

/** A place in a todo_task step where a run may pause (docs/api.md "Breakpoints and step mode"). */
export type PausePoint =
  | { on: 'before_turn'; stepId: string; iteration: number }
  | {
      on: 'before_delegate';
      stepId: string;
      iteration: number;
      /** The route about to get the todo, `generic` for the generic agent. */
      routeId: string;
      pending: TodoTaskResponse;
      /** Why an overridden decision cannot be carried out (a todo or route the step does not have), or undefined. */
      refuse: (decision: TodoTaskResponse) => string | undefined;
    }
  | { on: 'todo_created'; stepId: string; iteration: number; titles: string[] }
  | { on: 'validation_failed'; stepId: string; iteration: number; reason: string };

/** What the user answered to a pause: go on, or one turn more; and for a pending decision, the decision to carry out. */
export interface Resumed {
  mode: ResumeBody['mode'];
  /** Set when the user changed the pending decision: the whole decision as it is to be carried out. */
  decision?: TodoTaskResponse;
}

/** The pause the run is in: what it says, and how to go on. */
export interface Pause {
  /** The breakpoint that hit; `step` for step mode, `budget` for the run's budget. */
  breakpoint: { on: BreakpointOn | 'step'; stepId?: string; routeId?: string; match?: string };
  point: PausePoint;
  todoTitles?: string[];
  used?: { tokens: number; costUsd?: number };
}

interface Waiting {
  pause: Pause;
  resolve: (resumed: Resumed) => void;
}

/**
 * A run's breakpoints, budget and step mode. The todo_task loop asks `hit(point)` at each pause
 * point; the engine then records the pause and waits in `wait()` until `resume()` (POST
 * /api/runs/:runId/resume) or a cancel. Usage reported by the providers counts towards the budget.
 */
export class RunDebugger {
  private stepping = false;
  private budgetCrossed = false;
  private tokens = 0;
  private costUsd = 0;
  private priced = false;
  private waiting: Waiting | undefined;
  /** Resolved once the run has recorded that it goes on (pause.ts), so a resume answers with the run as it is then. */
  private goingOn: (() => void) | undefined;
  private readonly price: ReturnType<typeof priceTable>;

  constructor(
    private readonly breakpoints: ReadonlyArray<Breakpoint>,
    private readonly budget: RunBudget | undefined,
    pricing: ReadonlyArray<ModelPrice>,
    private readonly providerName: string,
  ) {
    this.price = priceTable(pricing);
  }

  get pausedAt(): Pause | undefined {
    return this.waiting?.pause;
  }

  /** A model call's tokens and cost count towards the budget. */
  noteUsage(call: ModelCall): void {
    this.tokens += call.input_tokens + call.output_tokens;
    const price = this.price(this.providerName, call.model);
    if (price) {
      this.costUsd += callCostUsd(call, price);
      this.priced = true;
    }
  }

  /** The pause this point calls for, or undefined to go on: step mode first, then the budget, then the breakpoints. */
  hit(point: PausePoint): Pause | undefined {
    if (this.stepping && point.on === 'before_turn') {
      this.stepping = false;
      return { breakpoint: { on: 'step' }, point };
    }
    const over = this.overBudget();
    if (over) return { breakpoint: { on: 'budget' }, point, used: over };
    for (const breakpoint of this.breakpoints) {
      if (breakpoint.on !== point.on || (breakpoint.stepId !== undefined && breakpoint.stepId !== point.stepId)) continue;
      if (point.on === 'before_delegate' && breakpoint.routeId !== undefined && breakpoint.routeId !== point.routeId) continue;
      if (point.on === 'todo_created') {
        const match = breakpoint.match?.toLowerCase();
        const titles = match === undefined ? point.titles : point.titles.filter((t) => t.toLowerCase().includes(match));
        if (titles.length === 0) continue;
        return { breakpoint, point, todoTitles: titles };
      }
      return { breakpoint, point };
    }
    return undefined;
  }

  /** Once per run: the first point after the run's usage crossed its budget. */
  private overBudget(): { tokens: number; costUsd?: number } | undefined {
    if (!this.budget || this.budgetCrossed) return undefined;
    const tokens = this.budget.maxTokens !== undefined && this.tokens >= this.budget.maxTokens;
    const cost = this.budget.maxCost !== undefined && this.priced && this.costUsd >= this.budget.maxCost;
    if (!tokens && !cost) return undefined;
    this.budgetCrossed = true;
    return { tokens: this.tokens, ...(this.priced ? { costUsd: this.costUsd } : {}) };
  }

  /** Waits until the user resumes (or the run is cancelled). */
  wait(pause: Pause, signal: AbortSignal): Promise<Resumed> {
    return abortableWait<Resumed>(
      signal,
      (finish) =>
        (this.waiting = {
          pause,
          resolve: (resumed) => {
            if (resumed.mode === 'step') this.stepping = true;
            finish(resumed);
          },
        }),
      () => (this.waiting = undefined),
    );
  }

  /**
   * Resumes the paused run. A `decision` changes the pending decision of a before_delegate pause:
   * merged over it, it must still be a valid TodoTaskResponse naming a todo and a route the step
   * has, or the answer is refused (400) and the run stays paused.
   */
  resume(runId: string, body: ResumeBody): { resumed: Resumed; recorded: Promise<void> } {
    const waiting = this.waiting;
    if (!waiting) throw new Conflict('not_paused', runMessages.notPaused(runId));
    const decision = body.decision ? this.overridden(waiting.pause.point, body.decision) : undefined;
    const resumed: Resumed = { mode: body.mode, ...(decision ? { decision } : {}) };
    const recorded = new Promise<void>((resolve) => (this.goingOn = resolve));
    waiting.resolve(resumed);
    return { resumed, recorded };
  }

  /** The run has recorded that it goes on (or could not): the resume may answer. */
  wentOn(): void {
    this.goingOn?.();
    this.goingOn = undefined;
  }

  private overridden(point: PausePoint, override: DecisionOverride): TodoTaskResponse {
    if (point.on !== 'before_delegate') {
      throw new InvalidInput('no_pending_decision', runMessages.noPendingDecision, [{ path: '$.decision', message: 'no decision is pending at this pause' }]);
    }
    const parsed = TodoTaskResponse.safeParse({ ...point.pending, ...override });
    if (!parsed.success) throw new InvalidInput('decision_invalid', runMessages.decisionInvalid, issuesToDetails(parsed.error.issues, ['decision']));
    const refused = point.refuse(parsed.data);
    if (refused) throw new InvalidInput('decision_invalid', runMessages.decisionInvalid, [{ path: '$.decision', message: refused }]);
    return parsed.data;
  }
}
