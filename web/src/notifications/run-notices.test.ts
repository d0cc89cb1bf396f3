import { describe, expect, it } from 'vitest';
import type { RunStatus } from '@planvas/shared';
import { RunWatch, type RunsView, type WatchedRun } from './run-notices';

const WF = 'Workflow/ResearchReport';

function run(id: string, status: RunStatus | null, patch: Partial<WatchedRun> = {}): WatchedRun {
  return { id, workflowId: WF, status, reason: null, question: null, ref: `#${id}`, ...patch };
}

const view = (list: WatchedRun[] | null, followed: WatchedRun | null = null, followedId: string | null = followed?.id ?? null): RunsView => ({
  list: list ? { workflowId: WF, runs: list } : null,
  followedId,
  followed,
});

const kinds = (watch: RunWatch, v: RunsView) => watch.observe(v).map((n) => `${n.kind} ${n.run.id}`);

describe('RunWatch', () => {
  it('tells nothing of what the page finds when it opens: the list, and an old run opened from it', () => {
    const watch = new RunWatch();
    expect(kinds(watch, view(null))).toEqual([]);
    const old = [run('1', 'completed'), run('2', 'failed', { reason: 'boom' }), run('3', 'waiting_input')];
    expect(kinds(watch, view(old))).toEqual([]);
    // Opening run 1: its events (all replayed) say completed, as the list did.
    expect(kinds(watch, view(old, null, '1'))).toEqual([]);
    expect(kinds(watch, view(old, run('1', 'completed'), '1'))).toEqual([]);
    // The list read again with nothing changed.
    expect(kinds(watch, view([...old]))).toEqual([]);
  });

  it('a page mounted with a run already followed (no list read yet) takes it as found', () => {
    const watch = new RunWatch();
    expect(kinds(watch, view(null, run('8', 'waiting_input', { question: { stepId: 'ask', question: 'Go?' } })))).toEqual([]);
    expect(kinds(watch, view(null, run('8', 'completed')))).toEqual(['resumed 8', 'completed 8']);
  });

  it('a run started here: started, waiting, resumed and completed, each once', () => {
    const watch = new RunWatch();
    kinds(watch, view([run('1', 'completed')]));
    // Started: followed while its events load (nothing yet), then folded.
    expect(kinds(watch, view([run('1', 'completed')], null, '2'))).toEqual([]);
    expect(kinds(watch, view([run('1', 'completed')], run('2', 'running')))).toEqual(['started 2']);
    // The list read again now holds it: no second "started".
    expect(kinds(watch, view([run('2', 'running'), run('1', 'completed')], run('2', 'running')))).toEqual([]);
    const question = { stepId: 'editor-review', question: 'Approve the draft?' };
    expect(kinds(watch, view(null, run('2', 'waiting_input', { question })))).toEqual(['waiting 2']);
    // The same question again (another batch of events while it waits): nothing new.
    expect(kinds(watch, view(null, run('2', 'waiting_input', { question })))).toEqual([]);
    // Answered: the question is gone before the run's next status is folded.
    expect(kinds(watch, view(null, run('2', 'waiting_input')))).toEqual(['resumed 2']);
    expect(kinds(watch, view(null, run('2', 'running')))).toEqual(['resumed 2']);
    expect(kinds(watch, view(null, run('2', 'completed')))).toEqual(['completed 2']);
    expect(kinds(watch, view(null, run('2', 'completed')))).toEqual([]);
  });

  it('a run whose first fold already waits (a fast run): started and waiting together', () => {
    const watch = new RunWatch();
    kinds(watch, view([]));
    expect(kinds(watch, view([], run('9', 'waiting_input', { question: { stepId: 'ask', question: 'Go?' } })))).toEqual(['started 9', 'waiting 9']);
  });

  it('a second question while still waiting is told; a failure carries its reason', () => {
    const watch = new RunWatch();
    kinds(watch, view([run('4', 'running')], run('4', 'running')));
    expect(kinds(watch, view(null, run('4', 'waiting_input', { question: { stepId: 'a', question: 'First?' } })))).toEqual(['waiting 4']);
    expect(kinds(watch, view(null, run('4', 'waiting_input', { question: { stepId: 'b', question: 'Second?' } })))).toEqual(['waiting 4']);
    const notices = watch.observe(view(null, run('4', 'failed', { reason: 'The provider timed out' })));
    expect(notices.map((n) => n.kind)).toEqual(['resumed', 'failed']);
    expect(notices[1]!.run.reason).toBe('The provider timed out');
    expect(watch.observe(view(null, run('4', 'failed')))).toEqual([]);
  });

  it('runs of the open workflow changed elsewhere are told when the list is read again', () => {
    const watch = new RunWatch();
    kinds(watch, view([run('1', 'running')]));
    expect(kinds(watch, view([run('5', 'running'), run('1', 'completed')]))).toEqual(['started 5', 'completed 1']);
    // A run that started and ended between two reads: only its end.
    expect(kinds(watch, view([run('6', 'failed'), run('5', 'cancelled'), run('1', 'completed')]))).toEqual(['failed 6', 'cancelled 5']);
  });

  it('an ended run stays ended: a list read before its end reached the index does not revive it', () => {
    const watch = new RunWatch();
    kinds(watch, view([run('1', 'running')], run('1', 'running')));
    expect(kinds(watch, view(null, run('1', 'completed')))).toEqual(['completed 1']);
    // Following another run; an older answer of the list still says running.
    expect(kinds(watch, view([run('1', 'running')], null, '2'))).toEqual([]);
  });

  it("another workflow's list is history on its first read too", () => {
    const watch = new RunWatch();
    kinds(watch, view([run('1', 'running')]));
    const other: RunsView = {
      list: { workflowId: 'Workflow/Other', runs: [run('7', 'running', { workflowId: 'Workflow/Other' })] },
      followedId: null,
      followed: null,
    };
    expect(watch.observe(other)).toEqual([]);
  });
});
