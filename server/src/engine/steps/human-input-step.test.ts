import { buildFlow, type Plan } from '@planvas/shared';
import { describe, expect, it } from 'vitest';
import { InputGate } from '../human-input';
import type { RunContext } from '../run-context';
import { RunCancelled } from '../step-failure';
import { stepPosition } from '../step-position';
import { runHumanInputStep } from './human-input-step';

const plan = { steps: [{ type: 'human_input', id: 'ask', question: 'Go on?', response_type: 'yesno' }] } as unknown as Plan;

describe('human_input step', () => {
  it('a run cancelled while the question is being flushed ends with RunCancelled, no unhandled rejection', async () => {
    const abort = new AbortController();
    let flushed: () => void = () => {};
    const flow = buildFlow(plan);
    const ctx = {
      flow,
      signal: abort.signal,
      input: new InputGate(),
      emit: () => {},
      flushEvents: () => new Promise<void>((resolve) => (flushed = resolve)),
    } as unknown as RunContext;
    const node = flow.nodes.get('ask')!;
    const outcome = expect(runHumanInputStep(ctx, node, stepPosition(node))).rejects.toBeInstanceOf(RunCancelled);
    // The server shuts down while the question is still being written.
    abort.abort(new RunCancelled('the planvas server is shutting down'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    flushed();
    await outcome;
  });
});
