import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope } from '../test/log-events';
import { renderWithRunStore } from '../test/render-with-run-store';
import { fakeRunSummary, type FakeRun } from '../test/fake-runs-fetch';
import { HumanInputForm } from './human-input-form';

describe('HumanInputForm', () => {
  /** The form over a store that follows run-1, which has no events yet. */
  const renderHumanInputForm = () =>
    renderWithRunStore(<HumanInputForm />, {
      runs: new Map<string, FakeRun>([['run-1', { summary: fakeRunSummary('run-1'), events: [] }]]),
      initial: { followedRunId: 'run-1' },
    });

  it("shows the waiting run's question and sends the chosen option", async () => {
    const user = userEvent.setup();
    const { ingest, requests } = renderHumanInputForm();
    expect(screen.queryByTestId('human-input')).toBeNull();
    ingest('run-1', [
      envelope(1, 'human_input_requested', {
        step_id: 'editor-approval',
        question: 'Publish the report?',
        response_type: 'multiple_choice',
        options: ['Publish', 'Revise'],
      }),
      envelope(2, 'run_status', { status: 'waiting_input' }),
    ]);
    const form = screen.getByTestId('human-input');
    expect(form).toHaveTextContent('Publish the report?');
    await user.click(within(form).getByRole('button', { name: 'Revise' }));
    expect(requests.at(-1)).toEqual({ method: 'POST', path: '/api/runs/run-1/input', body: { answer: 1 } });
    ingest('run-1', [envelope(3, 'human_input_answered', { step_id: 'editor-approval', answer: 'Revise' }), envelope(4, 'run_status', { status: 'running' })]);
    expect(screen.queryByTestId('human-input')).toBeNull();
  });

  it('takes a free-text answer when the question has no options', async () => {
    const user = userEvent.setup();
    const { ingest, requests } = renderHumanInputForm();
    ingest('run-1', [
      envelope(1, 'human_input_requested', { step_id: 'ask', question: 'Which region?' }),
      envelope(2, 'run_status', { status: 'waiting_input' }),
    ]);
    await user.type(screen.getByRole('textbox', { name: 'Answer' }), 'EU');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(requests.at(-1)).toEqual({ method: 'POST', path: '/api/runs/run-1/input', body: { answer: 'EU' } });
  });
});
