import type { HumanInputStep } from '@planvas/shared';
import { Conflict, InvalidInput } from '../errors/domain-errors';
import { runMessages } from '../runs/messages';
import { abortableWait } from './abortable-wait';

export interface ParsedAnswer {
  /** The answer as stored: free text, `yes`/`no`, or the chosen option's text. */
  answer: string;
  /** The flow handle it selects: `yes`, `no`, `option-<i>` or `next`. */
  handle: string;
}

/**
 * Reads an answer for a human_input step: yes/no questions take yes/no/true/false (or a
 * boolean), multiple choice takes an option's 0-based index or its text, anything else any text.
 * Returns a reason instead when the answer does not fit.
 */
export function parseAnswer(step: HumanInputStep, raw: string | number | boolean): ParsedAnswer | { error: string } {
  if (step.response_type === 'yesno') {
    const text = String(raw).trim().toLowerCase();
    if (['yes', 'y', 'true'].includes(text)) return { answer: 'yes', handle: 'yes' };
    if (['no', 'n', 'false'].includes(text)) return { answer: 'no', handle: 'no' };
    return { error: 'answer yes or no' };
  }
  const options = step.options ?? [];
  if (step.response_type === 'multiple_choice' && options.length > 0) {
    const text = String(raw).trim();
    const byText = options.indexOf(text);
    const index = byText >= 0 ? byText : /^\d+$/.test(text) ? Number(text) : -1;
    if (index < 0 || index >= options.length) return { error: `choose one of ${options.map((o, i) => `${i} (${o})`).join(', ')}` };
    return { answer: options[index]!, handle: `option-${index}` };
  }
  if (typeof raw !== 'string' || raw.trim() === '') return { error: 'give a non-empty text answer' };
  return { answer: raw, handle: 'next' };
}

interface PendingQuestion {
  step: HumanInputStep;
  resolve: (answer: ParsedAnswer) => void;
}

/** Where a run waits for its human: one question at a time. */
export class InputGate {
  private pending: PendingQuestion | undefined;

  get waitingStepId(): string | undefined {
    return this.pending?.step.id;
  }

  wait(step: HumanInputStep, signal: AbortSignal): Promise<ParsedAnswer> {
    return abortableWait<ParsedAnswer>(
      signal,
      (resolve) => (this.pending = { step, resolve }),
      () => (this.pending = undefined),
    );
  }

  /** Answers the pending question; Conflict when there is none, InvalidInput when the answer does not fit. */
  answer(runId: string, raw: string | number | boolean): ParsedAnswer {
    const pending = this.pending;
    if (!pending) throw new Conflict('not_waiting', runMessages.notWaiting(runId));
    const parsed = parseAnswer(pending.step, raw);
    if ('error' in parsed) throw new InvalidInput('invalid_answer', runMessages.badAnswer(parsed.error), [{ path: '$.answer', message: parsed.error }]);
    pending.resolve(parsed);
    return parsed;
  }
}
