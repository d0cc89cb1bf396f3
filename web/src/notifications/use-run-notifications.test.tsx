import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeRunSummary, type FakeRun } from '../test/fake-runs-fetch';
import { envelope } from '../test/log-events';
import { renderWithRunStore } from '../test/render-with-run-store';
import { Toasts } from '../ui/toasts';
import { DESKTOP_NOTIFICATIONS_KEY, type NotificationApi } from './desktop-notifications';
import type { PageAttention } from './page-attention';
import { useTabTitle } from './tab-title';
import { useRunNotifications, type RunNotificationDeps } from './use-run-notifications';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

/** A page the test says is in front of the user or not, and brings back. */
function fakeAttention(attended: boolean) {
  const listeners = new Set<() => void>();
  const attention: PageAttention & { attended(): boolean; set(value: boolean): void } = {
    attended: () => attended,
    onAttended(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(value) {
      attended = value;
      if (value) for (const listener of listeners) listener();
    },
  };
  return attention;
}

/** A double of `window.Notification` that records what it was asked to show. */
function fakeNotifications(permission: NotificationPermission) {
  const shown: Array<{ title: string; body?: string; tag?: string }> = [];
  class FakeNotification {
    static permission = permission;
    static requestPermission = () => Promise.resolve(permission);
    onclick: ((this: Notification, ev: Event) => unknown) | null = null;
    constructor(title: string, options: NotificationOptions = {}) {
      shown.push({ title, ...(options.body !== undefined ? { body: options.body } : {}), ...(options.tag !== undefined ? { tag: options.tag } : {}) });
    }
    close() {}
  }
  return { api: FakeNotification as unknown as NotificationApi, shown };
}

function Harness({ deps }: { deps: RunNotificationDeps }) {
  const { unseenFailure } = useRunNotifications(deps);
  useTabTitle(unseenFailure);
  return <Toasts />;
}

const OLD = fakeRunSummary('run-old', { status: 'completed', startedAt: '2026-01-01T09:00:00.000Z' });
const oldRun = (): FakeRun => ({
  summary: OLD,
  events: [envelope(1, 'run_status', { status: 'running' }), envelope(2, 'run_status', { status: 'completed' })],
});
const newRun = (): FakeRun => ({
  summary: fakeRunSummary('run-new', { startedAt: '2026-01-01T10:00:00.000Z' }),
  events: [envelope(1, 'run_status', { status: 'running' })],
});
const asks = (seq: number) => [
  envelope(seq, 'human_input_requested', { step_id: 'editor-review', question: 'Approve the draft?', response_type: 'yesno' }),
  envelope(seq + 1, 'run_status', { status: 'waiting_input' }),
];

function renderNotifier(deps: RunNotificationDeps = {}) {
  const attention = fakeAttention(true);
  const view = renderWithRunStore(<Harness deps={{ api: null, storage: window.localStorage, attention, ...deps }} />, {
    runs: new Map([['run-old', oldRun()]]),
    onStart: newRun,
  });
  return { ...view, attention };
}

const toastTexts = () => screen.queryAllByTestId('toast').map((t) => t.querySelector('.pv-toast__text')!.textContent);

describe('run notifications', () => {
  it('opening an old run replays its history: no toast, the title untouched', async () => {
    const { store } = renderNotifier();
    await act(() => store.getState().loadRuns());
    await act(() => store.getState().openRun('run-old'));
    expect(store.getState().run.runStatus).toBe('completed');
    expect(toastTexts()).toEqual([]);
    expect(document.title).toBe('ResearchReport — planvas');
  });

  it('a run started, waiting, answered and completed: three toasts, the badge while it waits', async () => {
    const user = userEvent.setup();
    const { store, ingest } = renderNotifier();
    await act(() => store.getState().loadRuns());
    await act(() => store.getState().startRun());
    expect(toastTexts()).toEqual(['Run #2 started']);

    ingest('run-new', asks(2));
    const waiting = screen.getAllByTestId('toast').at(-1)!;
    expect(waiting).toHaveTextContent('Run #2 is waiting for your answer: Approve the draft?');
    expect(waiting).toHaveAttribute('data-tone', 'attention');
    expect(within(waiting).getByRole('button', { name: 'Answer' })).toBeInTheDocument();
    expect(document.title).toBe('(?) ResearchReport — planvas');

    // The same state folded again (events that change nothing): no second toast.
    ingest('run-new', [envelope(4, 'todo_task_output', { step_id: 'editor-review' })]);
    expect(toastTexts()).toHaveLength(2);

    // Answer from the toast: the run panel opens.
    await user.click(within(waiting).getByRole('button', { name: 'Answer' }));
    expect(store.getState().runSidebar).toBe('expanded');

    ingest('run-new', [envelope(5, 'human_input_answered', { step_id: 'editor-review', answer: 'yes' }), envelope(6, 'run_status', { status: 'running' })]);
    expect(document.title).toBe('ResearchReport — planvas');
    ingest('run-new', [envelope(7, 'run_status', { status: 'completed' })]);
    expect(toastTexts()).toEqual(['Run #2 started', 'Run #2 completed']);
    expect(screen.getAllByTestId('toast').at(-1)).toHaveAttribute('data-tone', 'success');
  });

  it('the question toast stays until it is answered, then goes by itself', async () => {
    const { store, ingest } = renderNotifier();
    await act(() => store.getState().loadRuns());
    await act(() => store.getState().startRun());
    ingest('run-new', asks(2));
    expect(store.getState().toasts.find((t) => t.tone === 'attention')).toMatchObject({ sticky: true });
    // The answer comes first, the run's next status in a later batch: the toast goes, none comes back.
    ingest('run-new', [envelope(4, 'human_input_answered', { step_id: 'editor-review', answer: 'no' })]);
    expect(toastTexts()).toEqual(['Run #2 started']);
    ingest('run-new', [envelope(5, 'run_status', { status: 'running' })]);
    expect(toastTexts()).toEqual(['Run #2 started']);
  });

  it('a failure while the page is out of sight: its reason in the toast, (!) in the title until the page is back', async () => {
    const { store, ingest, attention } = renderNotifier();
    await act(() => store.getState().loadRuns());
    await act(() => store.getState().startRun());
    attention.set(false);
    ingest('run-new', [envelope(2, 'run_status', { status: 'failed', reason: 'The provider timed out' })]);
    expect(toastTexts().at(-1)).toBe('Run #2 failed: The provider timed out');
    expect(document.title).toBe('(!) ResearchReport — planvas');
    act(() => attention.set(true));
    expect(document.title).toBe('ResearchReport — planvas');
  });

  it('a failure the user sees happen leaves the title alone', async () => {
    const { store, ingest } = renderNotifier();
    await act(() => store.getState().loadRuns());
    await act(() => store.getState().startRun());
    ingest('run-new', [envelope(2, 'run_status', { status: 'failed' })]);
    expect(toastTexts().at(-1)).toBe('Run #2 failed');
    expect(document.title).toBe('ResearchReport — planvas');
  });
});

describe('desktop notifications', () => {
  async function runToWaiting(deps: RunNotificationDeps, attended: boolean) {
    const { store, ingest, attention } = renderNotifier(deps);
    await act(() => store.getState().loadRuns());
    await act(() => store.getState().startRun());
    attention.set(attended);
    ingest('run-new', asks(2));
    ingest('run-new', [envelope(4, 'run_status', { status: 'completed' })]);
  }

  it('opted in, allowed and the tab hidden: the question and the end pop up, one tag per run', async () => {
    window.localStorage.setItem(DESKTOP_NOTIFICATIONS_KEY, 'on');
    const { api, shown } = fakeNotifications('granted');
    await runToWaiting({ api }, false);
    expect(shown).toEqual([
      { title: 'Run #2 is waiting for your answer', body: 'Approve the draft?\nWorkflow/ResearchReport', tag: 'planvas-run-run-new' },
      { title: 'Run #2 completed', body: 'Workflow/ResearchReport', tag: 'planvas-run-run-new' },
    ]);
  });

  it('not opted in, not allowed, or the page in front of the user: none', async () => {
    const notOptedIn = fakeNotifications('granted');
    await runToWaiting({ api: notOptedIn.api }, false);
    expect(notOptedIn.shown).toEqual([]);
    cleanup();

    window.localStorage.setItem(DESKTOP_NOTIFICATIONS_KEY, 'on');
    const denied = fakeNotifications('denied');
    await runToWaiting({ api: denied.api }, false);
    expect(denied.shown).toEqual([]);
    cleanup();

    const looking = fakeNotifications('granted');
    await runToWaiting({ api: looking.api }, true);
    expect(looking.shown).toEqual([]);
  });
});
