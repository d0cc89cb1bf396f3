import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseEventEnvelope, type PlanvasEvent } from '@planvas/shared';
import { decision, envelope } from '../test/log-events';
import { fakeVirtualLayout } from '../test/virtual-layout';
import { AllEventsList } from './all-events-list';

let restoreLayout: () => void;
beforeEach(() => {
  restoreLayout = fakeVirtualLayout({ viewport: 800, rowHeight: 40 });
});
afterEach(() => restoreLayout());

/** Events as the run store has them: parsed at the edge, so known payloads are typed. */
const parsed = (...events: ReturnType<typeof envelope>[]): PlanvasEvent[] =>
  events.map((e) => parseEventEnvelope(e)).filter((e): e is PlanvasEvent => e !== undefined);

const EVENTS = parsed(
  envelope(1, 'run_status', { status: 'running' }),
  envelope(2, 'step_status', { step_id: 'gather-sources', status: 'running', step_type: 'regular' }),
  decision(3, 1, { selection_reasoning: 'Benchmarks need the literature route' }),
  envelope(4, 'branch_taken', { step_id: 'choose-depth', step_type: 'routing', handle: 'standard', choice: 'standard', next_step_id: 'draft-report' }),
  envelope(5, 'branch_taken', { step_id: 'quality-gate', step_type: 'conditional', handle: 'no', choice: 'false', next_step_id: 'fact-audit' }),
  envelope(6, 'run_status', { status: 'completed' }),
);

const seqs = () => screen.queryAllByTestId('event-row').map((row) => Number(row.dataset['seq']));
const search = () => screen.getByRole('searchbox', { name: 'Search the events' });

describe('AllEventsList', () => {
  it("shows a branch_taken event's choice: which step took which branch to which step", async () => {
    render(<AllEventsList events={EVENTS} live={false} />);
    await waitFor(() => expect(seqs()).toEqual([1, 2, 3, 4, 5, 6]));
    const choices = screen.getAllByTestId('branch-choice').map((c) => c.textContent);
    expect(choices).toEqual(['choose-depth took standard → draft-report', 'quality-gate took false (handle no) → fact-audit']);
    // The line is cut to the list's width; the whole of it is its tooltip.
    const row = screen.getAllByTestId('event-row').find((r) => r.dataset['seq'] === '4')!;
    expect(row.querySelector('.pv-events__line')).toHaveAttribute('title', expect.stringContaining('choose-depth took “standard” → draft-report'));
  });

  it('searches by event type, step id and payload text, every word counting', async () => {
    const user = userEvent.setup();
    render(<AllEventsList events={EVENTS} live={false} />);
    await user.type(search(), 'branch_taken');
    await waitFor(() => expect(seqs()).toEqual([4, 5]));
    expect(screen.getByTestId('events-matching')).toHaveTextContent('2 of 6');
    await user.clear(search());
    await user.type(search(), 'gather-sources');
    await waitFor(() => expect(seqs()).toEqual([2]));
    await user.clear(search());
    // Payload text, any case; two words must both be in the event.
    await user.type(search(), 'LITERATURE benchmarks');
    await waitFor(() => expect(seqs()).toEqual([3]));
  });

  it('says when nothing matches, and clearing shows every event again with the focus in the box', async () => {
    const user = userEvent.setup();
    render(<AllEventsList events={EVENTS} live={false} />);
    await user.type(search(), 'zzqx');
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('No matches for “zzqx”');
    expect(seqs()).toEqual([]);
    await user.click(within(status).getByRole('button', { name: 'Clear search' }));
    expect(search()).toHaveValue('');
    expect(search()).toHaveFocus();
    await waitFor(() => expect(seqs()).toEqual([1, 2, 3, 4, 5, 6]));
  });
});
