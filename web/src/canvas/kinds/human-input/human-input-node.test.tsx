import { cleanup, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Plan } from '@planvas/shared';
import { createRunsApi } from '../../../api/runs-api';
import { runDecorOf, withRunState } from '../../run-decorations';
import { FakeEventSource } from '../../../test/fake-event-source';
import { fakeRunsFetch, fakeRunSummary } from '../../../test/fake-runs-fetch';
import { fixtureNode } from '../../../test/fixture-nodes';
import { envelope } from '../../../test/log-events';
import { handleSides, renderCanvasNode } from '../../../test/render-canvas-node';
import { createRunTestStore } from '../../../test/run-test-store';

const single = (step: Record<string, unknown>): Plan => ({
  steps: [{ type: 'human_input', id: 'ask', question: 'Ship it?', ...step } as Plan['steps'][number]],
});

describe('HumanInputNode', () => {
  it('has one output per option (option-<index>), right in LR', async () => {
    const { wrapper, getByTestId } = await renderCanvasNode(fixtureNode('human_input', 'editor-review'), 'LR');
    expect(handleSides(wrapper)).toEqual({ source: { 'option-0': 'right', 'option-1': 'right', 'option-2': 'right' }, target: { in: 'left' } });
    expect([...wrapper.querySelectorAll('.pv-port-label')].map((l) => l.textContent)).toEqual(['approve', 'reject', 'audit']);
    expect(getByTestId('response-type')).toHaveTextContent('Multiple choice');
  });

  it('has yes and no outputs for a yes/no question, at the bottom in TB', async () => {
    const { wrapper, getByTestId } = await renderCanvasNode(fixtureNode('human_input', 'ask', { plan: single({ response_type: 'yesno' }) }), 'TB');
    expect(handleSides(wrapper)).toEqual({ source: { yes: 'bottom', no: 'bottom' }, target: { in: 'top' } });
    expect(getByTestId('response-type')).toHaveTextContent('Yes / No');
    expect(wrapper).toHaveTextContent('Ship it?');
  });

  it('has a single next output for a free-text answer', async () => {
    const { wrapper } = await renderCanvasNode(fixtureNode('human_input', 'ask', { plan: single({ response_type: 'text' }) }), 'LR');
    expect(handleSides(wrapper)).toEqual({ source: { next: 'right' }, target: { in: 'left' } });
  });
});

describe('HumanInputNode while the run waits on it', () => {
  /** The node of the followed run's waiting step, in a store whose runs API is a double. */
  async function renderWaiting(question: Record<string, unknown>, step: Record<string, unknown>) {
    const http = fakeRunsFetch(new Map([['run-1', { summary: fakeRunSummary('run-1', { status: 'waiting_input' }), events: [] }]]));
    const store = createRunTestStore(
      { api: createRunsApi({ fetch: http.fetch }), createEventSource: (url) => new FakeEventSource(url) },
      { followedRunId: 'run-1' },
    );
    store
      .getState()
      .ingestRunEvents('run-1', [
        envelope(1, 'step_status', { step_id: 'ask', status: 'running', step_type: 'human_input' }),
        envelope(2, 'human_input_requested', { step_id: 'ask', ...question }),
        envelope(3, 'run_status', { status: 'waiting_input' }),
      ]);
    const node = fixtureNode('human_input', 'ask', { plan: single(step) });
    const decorated = withRunState(node, runDecorOf(store.getState()));
    const { wrapper } = await renderCanvasNode(decorated, 'LR', {}, store);
    return { wrapper, store, requests: http.requests };
  }

  it('says it is waiting and takes the answer to its options on the node itself', async () => {
    const user = userEvent.setup();
    const { wrapper, requests, store } = await renderWaiting(
      { question: 'Ship it?', response_type: 'multiple_choice', options: ['approve', 'reject'] },
      { response_type: 'multiple_choice', options: ['approve', 'reject'] },
    );
    expect(wrapper.querySelector('[data-status]')).toHaveAttribute('data-status', 'waiting');
    expect(within(wrapper).getByTestId('status-badge')).toHaveAttribute('title', 'Waiting (the run waits for your answer)');
    const form = within(wrapper).getByTestId('node-answer-form');
    await user.click(within(form).getByRole('button', { name: 'reject' }));
    await waitFor(() => expect(requests.at(-1)).toEqual({ method: 'POST', path: '/api/runs/run-1/input', body: { answer: 1 } }));
    expect(store.getState().followedRunId).toBe('run-1');
  });

  it('asks yes or no, or for text, as the question wants', async () => {
    const user = userEvent.setup();
    const yesNo = await renderWaiting({ question: 'Ship it?', response_type: 'yesno' }, { response_type: 'yesno' });
    await user.click(within(yesNo.wrapper).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(yesNo.requests.at(-1)).toMatchObject({ path: '/api/runs/run-1/input', body: { answer: 'no' } }));
    cleanup();
    const text = await renderWaiting({ question: 'Which region?', response_type: 'text' }, { response_type: 'text' });
    await user.type(within(text.wrapper).getByRole('textbox', { name: 'Answer' }), 'EU{Enter}');
    await waitFor(() => expect(text.requests.at(-1)).toMatchObject({ path: '/api/runs/run-1/input', body: { answer: 'EU' } }));
  });
});
