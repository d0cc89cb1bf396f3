import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, within } from '@testing-library/react';
import { findStep, type BranchStep, type CrewStep, type PlanDocument, type SequenceItem } from '@planvas/shared';
import { planDocumentOf } from '../../store/document/plan-document';
import { generationDocument, storeWithDocument } from '../../test/authoring-store';
import type { AppStore } from '../../store/app-store';
import { StoreProvider } from '../../store/store-context';
import { Inspector } from './inspector';

// The inspector on the newer generations' kinds (agent, orchestrator, branch, crew), on the real
// layouts of fixtures/generations: every change goes through the store's edit and is one undo step.

function renderInspector(workflowId: string, selected: string) {
  const store = storeWithDocument(generationDocument(workflowId));
  act(() => store.getState().setSelection([selected], []));
  const utils = render(
    <StoreProvider store={store}>
      <Inspector />
    </StoreProvider>,
  );
  return { store, inspector: utils.getByTestId('inspector') };
}

const docOf = (store: AppStore): PlanDocument => planDocumentOf(store.getState().document)!;
const stepOf = <S,>(store: AppStore, id: string) => findStep(docOf(store).plan, id)?.step as S;
const itemsOf = (store: AppStore, id: string) => (stepOf<{ items?: SequenceItem[] }>(store, id).items ?? []).map((item) => `${item.id}:${item.type}`);
const commit = (input: HTMLElement, value: string) => {
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
};

function undoRestores(store: AppStore, before: PlanDocument) {
  act(() => void store.getState().undo());
  expect(docOf(store)).toEqual(before);
}

describe('items editor (agent)', () => {
  it('lists the items in run order with their type, and edits a message as one undo step', () => {
    const { store, inspector } = renderInspector('AgentItems', 'reconcile');
    const items = within(inspector).getAllByTestId('item');
    expect(items.map((el) => `${el.dataset.itemId}:${el.dataset.itemType}`)).toEqual(['match:user_message', 'per-vendor:foreach', 'all-matched:prevalidation']);
    const before = docOf(store);
    const message = within(items[0]!).getByTestId('item-message');
    fireEvent.change(message, { target: { value: 'Match each invoice' } });
    fireEvent.change(message, { target: { value: 'Match each invoice to its PO' } });
    expect(stepOf<{ items: SequenceItem[] }>(store, 'reconcile').items[0]).toMatchObject({
      id: 'match',
      type: 'user_message',
      message: 'Match each invoice to its PO',
    });
    expect(store.getState().past).toHaveLength(1);
    undoRestores(store, before);
  });

  it('adds, reorders, retypes and removes items, keeping every field it does not show', () => {
    const { store, inspector } = renderInspector('AgentItems', 'reconcile');
    const before = docOf(store);
    const foreach = stepOf<{ items: SequenceItem[] }>(store, 'reconcile').items[1]!;

    fireEvent.change(within(inspector).getByTestId('new-item-type'), { target: { value: 'foreach' } });
    fireEvent.click(within(inspector).getByTestId('add-item'));
    expect(itemsOf(store, 'reconcile')).toEqual(['match:user_message', 'per-vendor:foreach', 'all-matched:prevalidation', 'item-4:foreach']);
    expect(stepOf<{ items: SequenceItem[] }>(store, 'reconcile').items[3]).toEqual({
      id: 'item-4',
      type: 'foreach',
      message: '',
      source_sql: '',
      max_iterations: 10,
    });

    fireEvent.click(within(inspector).getByRole('button', { name: 'Move item per-vendor up' }));
    expect(itemsOf(store, 'reconcile')).toEqual(['per-vendor:foreach', 'match:user_message', 'all-matched:prevalidation', 'item-4:foreach']);
    // Moved, not rebuilt: every field of the item is as it was.
    expect(stepOf<{ items: SequenceItem[] }>(store, 'reconcile').items[0]).toEqual(foreach);

    const moved = within(inspector).getAllByTestId('item')[0]!;
    fireEvent.change(within(moved).getByTestId('item-type'), { target: { value: 'user_message' } });
    expect(stepOf<{ items: SequenceItem[] }>(store, 'reconcile').items[0]).toEqual({ ...foreach, type: 'user_message' });

    fireEvent.click(within(inspector).getByRole('button', { name: 'Remove item item-4' }));
    expect(itemsOf(store, 'reconcile')).toEqual(['per-vendor:user_message', 'match:user_message', 'all-matched:prevalidation']);
    for (let i = 0; i < 4; i++) act(() => void store.getState().undo());
    expect(docOf(store)).toEqual(before);
  });

  it('sets a foreach bound, and shows why a bad one is refused without changing the plan', () => {
    const { store, inspector } = renderInspector('AgentItems', 'reconcile');
    const bound = within(within(inspector).getAllByTestId('item')[1]!).getByTestId('item-max-iterations');
    commit(bound, '25');
    expect(stepOf<{ items: SequenceItem[] }>(store, 'reconcile').items[1]?.max_iterations).toBe(25);
    const before = docOf(store);
    commit(within(within(inspector).getAllByTestId('item')[1]!).getByTestId('item-max-iterations'), '0');
    expect(within(inspector).getByRole('alert').textContent).toMatch(/at least 1/);
    expect(docOf(store)).toEqual(before);
  });

  it('refuses a scripted-steps list that is not JSON, with the parser’s words, and keeps the plan', () => {
    const { store, inspector } = renderInspector('AgentItems', 'collect-invoices');
    const before = docOf(store);
    const scripted = within(within(inspector).getAllByTestId('item')[0]!).getByLabelText('Scripted steps');
    fireEvent.change(scripted, { target: { value: '[{"id": "september",' } });
    fireEvent.blur(scripted);
    expect(within(inspector).getByRole('alert').textContent).toMatch(/^Not JSON/);
    expect(docOf(store)).toEqual(before);
  });

  it('offers only the item types the file’s runtime accepts (coding-agent-loop refuses scripted)', () => {
    const loop = renderInspector('LoopTabsHugged', 'draft-replies');
    const options = [...within(loop.inspector).getByTestId('new-item-type').querySelectorAll('option')].map((o) => o.value);
    expect(options).toEqual(['user_message', 'prevalidation', 'foreach']);
  });
});

describe('branch cases editor', () => {
  const cases = (store: AppStore) => Object.entries(stepOf<BranchStep>(store, 'pick-lane').value_cases ?? {});

  it('shows the value form and its cases in the file’s order', () => {
    const { inspector } = renderInspector('AgentworksCompact', 'pick-lane');
    expect(within(inspector).getByTestId('value-path')).toHaveValue('{{steps.classify.output.lane}}');
    expect(within(inspector).getByTestId('route-source-file')).toHaveValue('lane.json');
    expect(
      within(inspector)
        .getAllByTestId('branch-case')
        .map((el) => el.dataset.caseValue),
    ).toEqual(['express', 'ground', 'overnight']);
    // A case that names a route's target (not a route id) says so instead of showing a wrong route.
    const overnight = within(inspector).getAllByTestId('case-route')[2] as HTMLSelectElement;
    expect(overnight.selectedOptions[0]?.textContent).toBe("expedite-crew (route expedite's target)");
  });

  it('renames a value in place, repoints a case, adds and removes cases, one undo step each', () => {
    const { store, inspector } = renderInspector('AgentworksCompact', 'pick-lane');
    const before = docOf(store);
    commit(within(inspector).getAllByTestId('case-value')[1]!, 'freight');
    expect(cases(store)).toEqual([
      ['express', 'expedite'],
      ['freight', 'standard'],
      ['overnight', 'expedite-crew'],
    ]);
    fireEvent.change(within(inspector).getAllByTestId('case-route')[0]!, { target: { value: 'standard' } });
    expect(cases(store)[0]).toEqual(['express', 'standard']);
    fireEvent.change(within(inspector).getByTestId('new-case-value'), { target: { value: 'drone' } });
    fireEvent.click(within(inspector).getByTestId('add-case'));
    expect(cases(store).at(-1)).toEqual(['drone', 'expedite']);
    fireEvent.click(within(inspector).getByRole('button', { name: 'Remove case overnight' }));
    expect(cases(store).map(([value]) => value)).toEqual(['express', 'freight', 'drone']);
    expect(store.getState().past).toHaveLength(4);
    for (let i = 0; i < 4; i++) act(() => void store.getState().undo());
    expect(docOf(store)).toEqual(before);
  });

  it('refuses a value that another case has, and an empty one, and changes nothing', () => {
    const { store, inspector } = renderInspector('AgentworksCompact', 'pick-lane');
    const before = docOf(store);
    commit(within(inspector).getAllByTestId('case-value')[0]!, 'ground');
    expect(within(inspector).getByRole('alert').textContent).toBe('there is already a case for "ground"');
    commit(within(inspector).getAllByTestId('case-value')[0]!, '  ');
    expect(within(inspector).getByRole('alert').textContent).toBe('a case needs a value');
    expect(docOf(store)).toEqual(before);
  });

  it('keeps a value named __proto__ as an own case, never the map’s prototype', () => {
    const { store, inspector } = renderInspector('AgentworksCompact', 'pick-lane');
    fireEvent.change(within(inspector).getByTestId('new-case-value'), { target: { value: '__proto__' } });
    fireEvent.click(within(inspector).getByTestId('add-case'));
    const map = stepOf<BranchStep>(store, 'pick-lane').value_cases!;
    expect(Object.keys(map)).toEqual(['express', 'ground', 'overnight', '__proto__']);
    expect(Object.getPrototypeOf(map)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).express).toBeUndefined();
  });
});

describe('crew and the generic agent of the newer generations', () => {
  it('edits a crew step’s trigger and timeout, refusing a negative timeout', () => {
    const { store, inspector } = renderInspector('AgentworksCompact', 'expedite-crew');
    const section = within(inspector).getByTestId('crew-section');
    fireEvent.change(within(section).getByTestId('crew-profile'), { target: { value: 'warehouse-night' } });
    expect(stepOf<CrewStep>(store, 'expedite-crew').crew_profile_id).toBe('warehouse-night');
    const timeout = within(section).getByLabelText('Timeout (seconds)');
    commit(timeout, '-5');
    expect(within(section).getByRole('alert').textContent).toMatch(/at least 0/);
    commit(timeout, '900');
    expect(stepOf<CrewStep>(store, 'expedite-crew').timeout_seconds).toBe(900);
  });

  it('says the generic agent is always on where the runtime has no switch, and offers the switch on seed files', () => {
    const newer = renderInspector('AgentworksCompact', 'classify');
    expect(within(newer.inspector).getByTestId('generic-agent-always').textContent).toMatch(/agentworks \(Oct 2026\) always runs it/);
    expect(within(newer.inspector).queryByTestId('generic-agent')).toBeNull();
    const seed = storeWithDocument();
    act(() => seed.getState().setSelection(['research-todo'], []));
    const { getAllByTestId } = render(
      <StoreProvider store={seed}>
        <Inspector />
      </StoreProvider>,
    );
    expect(within(getAllByTestId('inspector').at(-1)!).getByTestId('generic-agent')).toBeChecked();
  });
});
