import { describe, expect, it } from 'vitest';
import { EMPTY_RUN_STATE, foldRunEvents, parseEventEnvelope, walkSteps, type EventEnvelope, type PlanvasEvent, type RunState } from '@planvas/shared';
import { envelope } from '../test/log-events';
import { loadFixturePlan } from '../test/fixtures';
import { nodeRunStatuses } from './run-node-statuses';

const { plan } = loadFixturePlan('Workflow/ResearchReport');
/** Every main-flow and branch step of the demo plan (no sub-agents), as the executor announces them at the start. */
const STEPS = walkSteps(plan)
  .filter((visit) => visit.scope === 'main' || visit.scope === 'branch')
  .map((visit) => visit.step.id);

let seq = 0;
const ev = (type: string, data: Record<string, unknown>): EventEnvelope => envelope(++seq, type, data);
const status = (stepId: string, value: string) => ev('step_status', { step_id: stepId, status: value, step_type: 'regular' });
const fold = (events: EventEnvelope[], from: RunState = EMPTY_RUN_STATE): RunState =>
  foldRunEvents(
    from,
    events.map((e) => parseEventEnvelope(e) as PlanvasEvent),
  );
const ref = (runId: string) => (runId === 'parent-run' ? '#4' : runId);

/** The demo run up to the editor's question: research done, `standard` chosen, the draft written. */
function toTheQuestion(): RunState {
  seq = 0;
  return fold([
    ev('run_status', { status: 'running' }),
    ...STEPS.map((id) => status(id, 'pending')),
    ...['gather-sources', 'research-todo', 'draft-outline', 'choose-depth'].flatMap((id) => [status(id, 'running'), status(id, 'completed')]),
    ev('branch_taken', { step_id: 'choose-depth', step_type: 'routing', handle: 'standard', choice: 'standard', next_step_id: 'draft-report' }),
    status('draft-report', 'running'),
    status('draft-report', 'completed'),
    status('editor-review', 'running'),
    ev('human_input_requested', {
      step_id: 'editor-review',
      question: 'Approve it?',
      response_type: 'multiple_choice',
      options: ['approve', 'reject', 'audit'],
    }),
    ev('run_status', { status: 'waiting_input', reason: 'waiting for an answer to "editor-review"' }),
  ]);
}

describe('node statuses of a run', () => {
  it('shows the step whose question is open as waiting, not running, and the route not chosen as skipped', () => {
    const { statuses, notes } = nodeRunStatuses(plan, toTheQuestion(), ref);
    expect(statuses['editor-review']).toBe('waiting');
    expect(notes['editor-review']).toBe('the run waits for your answer');
    // `deep-dive` was not chosen, and nothing ahead of the question leads back to it.
    expect(statuses['deep-analysis']).toBe('skipped');
    expect(notes['deep-analysis']).toBe('not on the path this run took');
    // Every answer can still lead to these: they stay pending.
    for (const id of ['quality-gate', 'format-citations', 'flag-gaps', 'fact-audit', 'final-decision', 'publish-report', 'revise-scope']) {
      expect(statuses[id], id).toBe('pending');
    }
    expect(statuses['choose-depth']).toBe('completed');
  });

  it('goes back to the events’ own status once the question is answered', () => {
    const answered = fold(
      [
        ev('human_input_answered', { step_id: 'editor-review', answer: 'approve', handle: 'option-0', next_step_id: 'quality-gate' }),
        ev('run_status', { status: 'running' }),
        status('editor-review', 'completed'),
        status('quality-gate', 'running'),
      ],
      toTheQuestion(),
    );
    const { statuses } = nodeRunStatuses(plan, answered, ref);
    expect(statuses['editor-review']).toBe('completed');
    expect(statuses['quality-gate']).toBe('running');
  });

  it('skips every step a completed run left pending, and says why for a failed or cancelled one', () => {
    const ended = fold([ev('run_status', { status: 'completed' })], toTheQuestion());
    const { statuses, notes } = nodeRunStatuses(plan, ended, ref);
    expect(
      Object.entries(statuses)
        .filter(([, s]) => s === 'skipped')
        .map(([id]) => id),
    ).toEqual([
      'deep-analysis',
      'quality-gate',
      'format-citations',
      'flag-gaps',
      'notify-editor',
      'fact-audit',
      'final-decision',
      'publish-report',
      'revise-scope',
    ]);
    expect(notes['publish-report']).toBe('the run ended without reaching it');
    // A completed step stays completed; the question's step is no longer waiting.
    expect(statuses['choose-depth']).toBe('completed');
    expect(statuses['editor-review']).toBe('running');

    const failed = nodeRunStatuses(plan, fold([ev('run_status', { status: 'failed', reason: 'boom' })], toTheQuestion()), ref);
    expect(failed.notes['publish-report']).toBe('the run failed before reaching it');
    const cancelled = nodeRunStatuses(plan, fold([ev('run_status', { status: 'cancelled' })], toTheQuestion()), ref);
    expect(cancelled.notes['publish-report']).toBe('the run was cancelled before reaching it');
  });

  it('skips nothing before a step runs, or when the running step is not in the plan (an edited plan)', () => {
    seq = 0;
    const started = fold([ev('run_status', { status: 'running' }), ...STEPS.map((id) => status(id, 'pending'))]);
    expect(Object.values(nodeRunStatuses(plan, started, ref).statuses).every((s) => s === 'pending')).toBe(true);
    const elsewhere = fold([status('no-such-step', 'running')], started);
    expect(nodeRunStatuses(plan, elsewhere, ref).statuses['deep-analysis']).toBe('pending');
    // Without the plan nothing can be said about paths.
    expect(nodeRunStatuses(null, toTheQuestion(), ref).statuses['deep-analysis']).toBe('pending');
  });

  it('names the run a carried-over status comes from by its label', () => {
    seq = 0;
    const branched = fold([
      ev('step_status', { step_id: 'gather-sources', status: 'completed', step_type: 'regular', carried_over_from: 'parent-run' }),
      status('research-todo', 'running'),
    ]);
    expect(nodeRunStatuses(plan, branched, ref).notes['gather-sources']).toBe('carried over from #4');
  });

  it('shows the step a paused run stopped in as paused, with the reason', () => {
    const paused = fold(
      [
        ev('run_status', {
          status: 'paused',
          reason: 'breakpoint before delegating to literature',
          breakpoint: { on: 'before_delegate' },
          step_id: 'research-todo',
          iteration: 1,
        }),
      ],
      fold([ev('run_status', { status: 'running' }), ...STEPS.map((id) => status(id, 'pending')), status('research-todo', 'orchestrating')]),
    );
    const { statuses, notes } = nodeRunStatuses(plan, paused, ref);
    expect(statuses['research-todo']).toBe('paused');
    expect(notes['research-todo']).toBe('breakpoint before delegating to literature');
    // Resumed, it is the events' status again.
    const resumed = fold([ev('run_status', { status: 'running', reason: 'resumed' })], paused);
    expect(nodeRunStatuses(plan, resumed, ref).statuses['research-todo']).toBe('orchestrating');
  });
});
