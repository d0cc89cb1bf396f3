import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope, RunSummary } from '@planvas/shared';
import { REPO_ROOT } from '../test-support/fixture-workspace';
import { RunSummaryTracker } from './run-summary';

const demo = readFileSync(join(REPO_ROOT, 'fixtures/runs/ResearchReport-demo.events.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => JSON.parse(line) as EventEnvelope);

const created: RunSummary = {
  id: 'run-1',
  workflowId: 'Workflow/ResearchReport',
  status: 'running',
  provider: 'scripted',
  startedAt: '2026-01-01T00:00:00.000Z',
  eventCount: 0,
  todos: { completed: 0, total: 0 },
};

describe('RunSummaryTracker (the run index row, over the shared run-state fold)', () => {
  it("gives the demo run's row from its events, in any batching", () => {
    const whole = new RunSummaryTracker(created);
    whole.apply(demo);
    expect(whole.summary).toEqual({
      ...created,
      status: 'completed',
      eventCount: 123,
      todos: { completed: 5, total: 5 },
      iteration: 6,
      endedAt: demo.at(-1)!.timestamp,
    });
    const oneByOne = new RunSummaryTracker(created);
    for (const event of demo) oneByOne.apply([event]);
    expect(oneByOne.summary).toEqual(whole.summary);
  });

  it('shows the question while waiting, the running step, and asks for the status and the question to be persisted at once', () => {
    const tracker = new RunSummaryTracker(created);
    const asking = demo.findIndex((e) => e.type === 'human_input_requested');
    expect(tracker.apply(demo.slice(0, asking))).toBe(true);
    expect(tracker.apply(demo.slice(asking, asking + 1))).toBe(true);
    expect(tracker.apply(demo.slice(asking + 1, asking + 2))).toBe(true);
    expect(tracker.summary).toMatchObject({
      status: 'waiting_input',
      currentStepId: 'editor-review',
      waitingInput: { stepId: 'editor-review', responseType: 'multiple_choice', options: ['approve', 'reject', 'audit'] },
    });
    expect(tracker.apply([{ seq: 999, type: 'agent_thought', timestamp: 't', data: {} }])).toBe(false);
  });

  it('goes on from a stored row: its status, question and counts stay until events change them', () => {
    const row: RunSummary = {
      ...created,
      status: 'waiting_input',
      eventCount: 40,
      todos: { completed: 2, total: 3 },
      iteration: 4,
      waitingInput: { stepId: 'ask', question: 'Go?' },
    };
    const tracker = new RunSummaryTracker(row);
    tracker.apply([{ seq: 41, type: 'tick', timestamp: 't', data: {} }]);
    expect(tracker.summary).toEqual({ ...row, eventCount: 41 });
    tracker.apply([{ seq: 42, type: 'run_status', timestamp: 'end', data: { status: 'failed', reason: 'stopped' } }]);
    expect(tracker.summary).toEqual({
      ...created,
      status: 'failed',
      eventCount: 42,
      todos: { completed: 2, total: 3 },
      iteration: 4,
      endedAt: 'end',
      error: 'stopped',
    });
    tracker.noteLastSeq(45);
    expect(tracker.summary.eventCount).toBe(45);
  });
});
