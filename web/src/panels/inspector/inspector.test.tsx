import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import {
  agentConfigsOf,
  asKnownStep,
  findStep,
  type HumanInputStep,
  type PlanDocument,
  type RegularStep,
  type RoutingStep,
  type TodoTaskStep,
} from '@planvas/shared';
import { planDocumentOf } from '../../store/document/plan-document';
import { storeWithDocument } from '../../test/authoring-store';
import type { AppStore } from '../../store/app-store';
import { StoreProvider } from '../../store/store-context';
import { Inspector } from './inspector';

function renderInspector(selected: string, store: AppStore = storeWithDocument()) {
  act(() => store.getState().setSelection([selected], []));
  const utils = render(
    <StoreProvider store={store}>
      <Inspector />
    </StoreProvider>,
  );
  return { ...utils, store, inspector: utils.getByTestId('inspector') };
}

const docOf = (store: AppStore): PlanDocument => planDocumentOf(store.getState().document)!;
const stepOf = (store: AppStore, id: string) => findStep(docOf(store).plan, id)?.step;
const todo = (store: AppStore, id = 'research-todo') => asKnownStep(stepOf(store, id)!) as TodoTaskStep;

/** The change made through the form is one undo step; redo brings it back. */
function expectUndoRedo(store: AppStore, check: () => void, before: PlanDocument) {
  check();
  act(() => void store.getState().undo());
  expect(docOf(store)).toEqual(before);
  act(() => void store.getState().redo());
  check();
}

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const commit = (input: HTMLElement, value: string) => {
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
};

describe('Inspector', () => {
  it('shows nothing without a selection, and the selected step’s form otherwise', () => {
    const store = storeWithDocument();
    const { queryByTestId } = render(
      <StoreProvider store={store}>
        <Inspector />
      </StoreProvider>,
    );
    expect(queryByTestId('inspector')).toBeNull();
    act(() => store.getState().setSelection(['gather-sources'], []));
    expect(queryByTestId('inspector')).toHaveAttribute('data-node-id', 'gather-sources');
  });

  it('edits the common fields; typing a title is one undo step', () => {
    const { store, inspector } = renderInspector('gather-sources');
    const before = docOf(store);
    const title = within(inspector).getByLabelText('Title');
    type(title, 'G');
    type(title, 'Gather everything');
    expect(store.getState().past).toHaveLength(1);
    expectUndoRedo(store, () => expect(stepOf(store, 'gather-sources')?.title).toBe('Gather everything'), before);
    fireEvent.blur(title);

    const deps = within(inspector).getByLabelText('Context dependencies');
    const beforeDeps = docOf(store);
    type(deps, 'a.json\n\n b.json ');
    fireEvent.blur(deps);
    expectUndoRedo(store, () => expect(stepOf(store, 'gather-sources')?.context_dependencies).toEqual(['a.json', 'b.json']), beforeDeps);
  });

  it('renames the step id through renameStepId, and shows a refused id inline', () => {
    const { store, inspector } = renderInspector('revise-scope');
    const before = docOf(store);
    const id = within(inspector).getByLabelText('Step id');
    commit(id, 'rescope');
    expectUndoRedo(store, () => expect(stepOf(store, 'final-decision')).toMatchObject({ if_false_next_step_id: 'rescope' }), before);
    act(() => store.getState().setSelection(['rescope'], []));
    // Undo unmounted the form of the (then missing) step: look it up again.
    const current = screen.getByTestId('inspector');
    const renamed = within(current).getByLabelText('Step id');
    commit(renamed, 'draft-report');
    expect(
      within(current)
        .getAllByRole('alert')
        .map((a) => a.textContent)
        .join(' '),
    ).toMatch(/already used/);
    expect(renamed).toHaveAttribute('aria-invalid', 'true');
    expect(stepOf(store, 'rescope')).toBeDefined();
  });

  it('todo_task: adds, removes, reorders, renames routes, edits a sub-agent and the generic agent', () => {
    const { store, inspector, getByTestId } = renderInspector('research-todo');
    const routes = () => todo(store).predefined_routes!.map((r) => r.route_id);
    let before = docOf(store);
    fireEvent.click(getByTestId('add-route'));
    expectUndoRedo(store, () => expect(routes()).toEqual(['literature', 'data-extraction', 'fact-check', 'route-4']), before);

    before = docOf(store);
    fireEvent.click(within(inspector).getByRole('button', { name: 'Remove route Route 4' }));
    expectUndoRedo(store, () => expect(routes()).toEqual(['literature', 'data-extraction', 'fact-check']), before);

    before = docOf(store);
    fireEvent.click(within(inspector).getByRole('button', { name: /Move route Fact.* up/ }));
    expectUndoRedo(store, () => expect(routes()).toEqual(['literature', 'fact-check', 'data-extraction']), before);

    const first = within(inspector).getAllByTestId('route')[0]!;
    before = docOf(store);
    commit(within(first).getByLabelText('Route id'), 'papers');
    expectUndoRedo(store, () => expect(routes()[0]).toBe('papers'), before);

    const papers = within(inspector).getAllByTestId('route')[0]!;
    before = docOf(store);
    type(within(papers).getByLabelText('Condition'), 'Academic papers');
    expectUndoRedo(store, () => expect(todo(store).predefined_routes![0]!.condition).toBe('Academic papers'), before);

    before = docOf(store);
    type(within(papers).getByLabelText('Sub-agent title'), 'Paper reader');
    expectUndoRedo(store, () => expect(stepOf(store, 'literature-reviewer')?.title).toBe('Paper reader'), before);

    before = docOf(store);
    fireEvent.click(within(inspector).getByTestId('generic-agent'));
    expectUndoRedo(store, () => expect(todo(store).enable_generic_agent).toBe(false), before);
  });

  it('step configuration: LLM fields, turns, mode; effective LLM with its level; learn_code eligibility; other fields read-only', () => {
    const store = storeWithDocument();
    const { inspector } = renderInspector('draft-report', store);
    const before = docOf(store);
    type(within(inspector).getByLabelText('Execution LLM provider'), 'anthr');
    type(within(inspector).getByLabelText('Execution LLM provider'), 'anthropic');
    expectUndoRedo(
      store,
      () => expect(agentConfigsOf(docOf(store), 'draft-report')).toEqual({ execution_llm: { provider: 'anthropic', model_id: '' } }),
      before,
    );
    const withProvider = docOf(store);
    type(within(inspector).getByLabelText('Execution LLM model'), 'claude-sonnet-4');
    expect(store.getState().past).toHaveLength(2);
    expectUndoRedo(
      store,
      () => expect(agentConfigsOf(docOf(store), 'draft-report')).toEqual({ execution_llm: { provider: 'anthropic', model_id: 'claude-sonnet-4' } }),
      withProvider,
    );
    const row = within(inspector).getAllByTestId('effective-llm')[0]!;
    expect(row).toHaveAttribute('data-level', 'step');
    expect(row).toHaveTextContent('anthropic / claude-sonnet-4');

    const turns = within(inspector).getByLabelText('Execution max turns');
    commit(turns, '-2');
    expect(within(inspector).getByText('at least 0')).toBeInTheDocument();
    const beforeTurns = docOf(store);
    commit(turns, '12');
    expectUndoRedo(store, () => expect(agentConfigsOf(docOf(store), 'draft-report')?.execution_max_turns).toBe(12), beforeTurns);

    // Without a step LLM the chain falls to the workspace preset, and says so.
    act(() => store.getState().setWorkspaceSettings({ presetExecutionLlm: { provider: 'vertex', model_id: 'gemini-2.5-pro' } }));
    act(() => store.getState().setSelection(['fact-audit'], []));
    const preset = within(inspector).getAllByTestId('effective-llm')[0]!;
    expect(preset).toHaveAttribute('data-level', 'preset');
    expect(preset).toHaveTextContent('vertex / gemini-2.5-pro');

    act(() => store.getState().setSelection(['research-todo'], []));
    expect(within(inspector).getByTestId('learn-code-eligibility')).toHaveAttribute('data-eligible', 'false');
    expect(within(inspector).getByTestId('learn-code-eligibility')).toHaveTextContent('"simple", not "scripted" (or the older "learn_code")');
    const beforeMode = docOf(store);
    fireEvent.change(within(inspector).getByLabelText('Declared execution mode'), { target: { value: 'learn_code' } });
    expectUndoRedo(store, () => expect(agentConfigsOf(docOf(store), 'research-todo')?.declared_execution_mode).toBe('learn_code'), beforeMode);
    expect(within(inspector).getByTestId('learn-code-eligibility')).toHaveAttribute('data-eligible', 'true');
    expect(within(inspector).getByTestId('other-agent-configs')).toHaveTextContent('"selected_servers"');
    expect(
      within(inspector)
        .getAllByTestId('effective-llm')
        .map((r) => r.textContent),
    ).toEqual([
      expect.stringContaining('Orchestrator'),
      expect.stringContaining('Sub-agent Literature'),
      expect.stringContaining('Sub-agent'),
      expect.stringContaining('Sub-agent'),
      expect.stringContaining('Generic agent'),
    ]);

    act(() => store.getState().setSelection(['quality-gate'], []));
    const conditional = within(inspector).getAllByTestId('effective-llm')[1]!;
    expect(conditional).toHaveTextContent('Conditional LLM');
    expect(conditional).toHaveTextContent('anthropic / claude-3-5-haiku');
  });

  it('validation schema editor: add a file and a JSON check', () => {
    const { store, inspector } = renderInspector('draft-report');
    let before = docOf(store);
    fireEvent.click(within(inspector).getByTestId('add-validation-file'));
    expectUndoRedo(store, () => expect(stepOf(store, 'draft-report')?.validation_schema).toEqual({ files: [{ file_name: '', must_exist: true }] }), before);
    before = docOf(store);
    type(within(inspector).getByLabelText('File name'), 'report.md');
    fireEvent.click(within(inspector).getByRole('button', { name: 'Add JSON check' }));
    type(within(inspector).getByLabelText('JSON path'), '$.sections');
    commit(within(inspector).getByLabelText('Min length'), '3');
    expect(stepOf(store, 'draft-report')?.validation_schema).toEqual({
      files: [{ file_name: 'report.md', must_exist: true, json_checks: [{ path: '$.sections', must_exist: true, min_length: 3 }] }],
    });
    for (let i = 0; i < 4; i++) act(() => void store.getState().undo());
    expect(docOf(store)).toEqual(before);
  });

  it('flow targets of each kind: next, routing routes and default, human_input options, decision yes/no', () => {
    const store = storeWithDocument();
    const { inspector } = renderInspector('gather-sources', store);
    let before = docOf(store);
    fireEvent.change(within(inspector).getByLabelText('Next step'), { target: { value: 'draft-report' } });
    expectUndoRedo(store, () => expect(stepOf(store, 'gather-sources')).toMatchObject({ next_step_id: 'draft-report' }), before);
    before = docOf(store);
    fireEvent.change(within(inspector).getByLabelText('Next step'), { target: { value: '' } });
    expectUndoRedo(store, () => expect(stepOf(store, 'gather-sources')).not.toHaveProperty('next_step_id'), before);
    fireEvent.click(within(inspector).getByLabelText('Loop'));
    expect((asKnownStep(stepOf(store, 'gather-sources')!) as RegularStep).has_loop).toBe(true);

    act(() => store.getState().setSelection(['choose-depth'], []));
    before = docOf(store);
    fireEvent.change(within(inspector).getAllByLabelText('Goes to')[0]!, { target: { value: 'end' } });
    expectUndoRedo(store, () => expect((asKnownStep(stepOf(store, 'choose-depth')!) as RoutingStep).routes![0]!.next_step_id).toBe('end'), before);
    before = docOf(store);
    fireEvent.change(within(inspector).getByLabelText('Default route'), { target: { value: 'deep-dive' } });
    expectUndoRedo(store, () => expect((asKnownStep(stepOf(store, 'choose-depth')!) as RoutingStep).default_route_id).toBe('deep-dive'), before);

    act(() => store.getState().setSelection(['editor-review'], []));
    before = docOf(store);
    const options = within(inspector).getByLabelText('Options');
    type(options, 'approve\nreject\naudit\nescalate');
    fireEvent.blur(options);
    expectUndoRedo(
      store,
      () => expect((asKnownStep(stepOf(store, 'editor-review')!) as HumanInputStep).options).toEqual(['approve', 'reject', 'audit', 'escalate']),
      before,
    );
    before = docOf(store);
    fireEvent.change(within(inspector).getByLabelText('If “escalate”'), { target: { value: 'end' } });
    expectUndoRedo(store, () => expect((asKnownStep(stepOf(store, 'editor-review')!) as HumanInputStep).option_routes).toMatchObject({ 3: 'end' }), before);

    act(() => store.getState().setSelection(['final-decision'], []));
    before = docOf(store);
    fireEvent.change(within(inspector).getByLabelText('If no'), { target: { value: 'end' } });
    expectUndoRedo(store, () => expect(stepOf(store, 'final-decision')).toMatchObject({ if_false_next_step_id: 'end' }), before);
  });

  it('the step JSON editor applies any field and shows schema problems with their JSON path', () => {
    const { store, inspector } = renderInspector('draft-report');
    const editor = within(inspector).getByLabelText('Step JSON');
    const value = JSON.parse((editor as HTMLTextAreaElement).value);
    type(editor, JSON.stringify({ ...value, max_iterations: 'three' }));
    fireEvent.click(within(inspector).getByRole('button', { name: 'Apply JSON' }));
    const errors = within(inspector).getAllByTestId('inline-errors');
    expect(errors.some((e) => /\$\.steps\[5\]\.max_iterations/.test(e.textContent ?? ''))).toBe(true);
    const before = docOf(store);
    type(editor, JSON.stringify({ ...value, custom_note: 'kept' }));
    fireEvent.click(within(inspector).getByRole('button', { name: 'Apply JSON' }));
    expectUndoRedo(store, () => expect(stepOf(store, 'draft-report')).toMatchObject({ custom_note: 'kept' }), before);
  });

  it('a sub-agent node edits the route’s private step; the generic agent node toggles it', () => {
    const store = storeWithDocument();
    const { inspector } = renderInspector('research-todo-sub-agent-literature', store);
    expect(inspector).toHaveTextContent('Sub-agent of research-todo');
    const before = docOf(store);
    type(within(inspector).getByLabelText('Title'), 'Reviewer');
    expectUndoRedo(store, () => expect(stepOf(store, 'literature-reviewer')?.title).toBe('Reviewer'), before);
    act(() => store.getState().setSelection(['research-todo-sub-agent-generic'], []));
    fireEvent.click(within(screen.getByTestId('inspector')).getByRole('checkbox', { name: 'Generic agent' }));
    expect(todo(store).enable_generic_agent).toBe(false);
  });
});
