import { describe, expect, it } from 'vitest';
import { agentConfigsOf, asKnownStep, findStep, type PlanDocument, type RoutingStep, type TodoTaskStep } from '@planvas/shared';
import type { AppStore } from '../../app-store';
import { planDocumentOf } from '../../document/plan-document';
import { storeWithDocument } from '../../../test/authoring-store';

const docOf = (store: AppStore): PlanDocument => planDocumentOf(store.getState().document)!;
const stepOf = (store: AppStore, id: string) => findStep(docOf(store).plan, id)?.step;
const todo = (store: AppStore, id = 'research-todo') => asKnownStep(stepOf(store, id)!) as TodoTaskStep;

/**
 * Runs `action`, checks the result with `check`, then undoes it (the document and positions are
 * back, and as clean as before) and redoes it (the change is back, dirty). Ends undone again, so
 * the next check starts from the same document.
 */
function expectUndoable(store: AppStore, action: () => unknown, check: () => void) {
  const before = docOf(store);
  const positions = store.getState().manualPositions;
  const dirtyBefore = store.getState().dirty;
  action();
  const after = docOf(store);
  expect(after).not.toBe(before);
  expect(store.getState().dirty).toBe(true);
  check();
  expect(store.getState().undo()).toBe(true);
  expect(docOf(store)).toEqual(before);
  expect(store.getState().manualPositions).toEqual(positions);
  expect(store.getState().dirty).toBe(dirtyBefore);
  expect(store.getState().redo()).toBe(true);
  expect(docOf(store)).toEqual(after);
  expect(store.getState().dirty).toBe(true);
  check();
  store.getState().undo();
}

describe('authoring slice: every edit is one undoable step', () => {
  it('adds a step of every kind with a unique id derived from its title, selected, at a dropped position', () => {
    const store = storeWithDocument();
    for (const kind of ['regular', 'todo_task', 'orchestration', 'routing', 'conditional', 'decision', 'human_input'] as const) {
      expectUndoable(
        store,
        () => store.getState().addStepOfKind(kind, { title: 'Fetch Data', position: { x: 10, y: 20 } }),
        () => {
          const last = docOf(store).plan.steps.at(-1)!;
          expect(last).toMatchObject({ type: kind, id: 'fetch-data', title: 'Fetch Data' });
          expect(store.getState().manualPositions.LR['fetch-data']).toEqual({ x: 10, y: 20 });
        },
      );
    }
    const id = store.getState().addStepOfKind('regular');
    expect(id).toBe('step');
    expect(store.getState().selectedNodeIds).toEqual(['step']);
    expect(store.getState().addStepOfKind('regular')).toBe('step-2');
  });

  it('connects an output to a step or end, and refuses invalid connections with a visible reason', () => {
    const store = storeWithDocument();
    expectUndoable(
      store,
      () => expect(store.getState().connectNodes({ source: 'gather-sources', sourceHandle: 'next', target: 'draft-report', targetHandle: 'in' })).toBe(true),
      () => expect(stepOf(store, 'gather-sources')).toMatchObject({ next_step_id: 'draft-report' }),
    );
    expectUndoable(
      store,
      () => store.getState().connectNodes({ source: 'choose-depth', sourceHandle: 'standard', target: '__end__', targetHandle: 'in' }),
      () => expect((asKnownStep(stepOf(store, 'choose-depth')!) as RoutingStep).routes![0]!.next_step_id).toBe('end'),
    );
    const before = docOf(store);
    expect(
      store.getState().connectNodes({ source: 'gather-sources', sourceHandle: 'next', target: 'research-todo-sub-agent-literature', targetHandle: 'top' }),
    ).toBe(false);
    expect(store.getState().connectNodes({ source: 'draft-report', sourceHandle: 'next', target: 'literature-reviewer', targetHandle: 'in' })).toBe(false);
    expect(store.getState().connectNodes({ source: 'research-todo', sourceHandle: 'literature', target: 'draft-report', targetHandle: 'in' })).toBe(false);
    expect(docOf(store).plan).toBe(before.plan);
    const messages = store.getState().toasts.map((t) => t.message);
    expect(messages.some((m) => /sub-agent/.test(m))).toBe(true);
    expect(messages.some((m) => /delegates to its own sub-agent/.test(m))).toBe(true);
  });

  it('disconnects an explicit target (the output falls back to list order)', () => {
    const store = storeWithDocument();
    expectUndoable(
      store,
      () => store.getState().disconnectOutput('deep-analysis', 'next'),
      () => expect(stepOf(store, 'deep-analysis')).not.toHaveProperty('next_step_id'),
    );
  });

  it('deletes a step nobody points at right away, and its step_config entry with it', () => {
    const store = storeWithDocument();
    store.getState().addStepOfKind('regular', { title: 'Lonely' });
    store.getState().setAgentConfigOf('lonely', { execution_max_turns: 3 });
    // As if it had been saved: deleting it is then a change.
    store.getState().setDocument({ ...store.getState().document! });
    expectUndoable(
      store,
      () => expect(store.getState().requestDelete(['lonely'], [])).toBe('deleted'),
      () => {
        expect(stepOf(store, 'lonely')).toBeUndefined();
        expect(agentConfigsOf(docOf(store), 'lonely')).toBeUndefined();
      },
    );
  });

  it('asks how to re-link when other steps point at a deleted step: successor or end', () => {
    const store = storeWithDocument();
    expect(store.getState().requestDelete(['revise-scope'], [])).toBe('asking');
    expect(store.getState().pendingDelete?.references.map((r) => r.sourceId)).toEqual(['final-decision']);
    expectUndoable(
      store,
      () => store.getState().confirmDelete('successor'),
      () => expect(stepOf(store, 'final-decision')).toMatchObject({ if_false_next_step_id: 'draft-report' }),
    );
    store.getState().requestDelete(['revise-scope'], []);
    expectUndoable(
      store,
      () => store.getState().confirmDelete('end'),
      () => expect(stepOf(store, 'final-decision')).toMatchObject({ if_false_next_step_id: 'end' }),
    );
    store.getState().requestDelete(['revise-scope'], []);
    store.getState().cancelDelete();
    expect(stepOf(store, 'revise-scope')).toBeDefined();
  });

  it('deletes edges (explicit targets), sub-agent nodes (their route) and the generic agent node', () => {
    const store = storeWithDocument();
    expectUndoable(
      store,
      () => store.getState().requestDelete([], ['deep-analysis:next->choose-depth']),
      () => expect(stepOf(store, 'deep-analysis')).not.toHaveProperty('next_step_id'),
    );
    expectUndoable(
      store,
      () => store.getState().requestDelete(['research-todo-sub-agent-fact-check'], []),
      () => {
        expect(todo(store).predefined_routes!.map((r) => r.route_id)).toEqual(['literature', 'data-extraction']);
        expect(stepOf(store, 'fact-checker')).toBeUndefined();
      },
    );
    expectUndoable(
      store,
      () => store.getState().requestDelete(['research-todo-sub-agent-generic'], []),
      () => expect(todo(store).enable_generic_agent).toBe(false),
    );
  });

  it('edits step fields (typing in one field is one undo step) and refuses invalid values with JSON paths', () => {
    const store = storeWithDocument();
    const before = docOf(store);
    for (const title of ['G', 'Ga', 'Gat']) store.getState().updateStepFields('gather-sources', { title }, 'title');
    expect(stepOf(store, 'gather-sources')).toMatchObject({ title: 'Gat' });
    store.getState().undo();
    expect(docOf(store)).toEqual(before);
    store.getState().redo();
    store.getState().sealHistory();
    expectUndoable(
      store,
      () => store.getState().updateStepFields('gather-sources', { has_loop: true, max_iterations: 4 }),
      () => expect(stepOf(store, 'gather-sources')).toMatchObject({ has_loop: true, max_iterations: 4 }),
    );
    expect(store.getState().updateStepFields('gather-sources', { max_iterations: 'many' })).toBe(false);
    expect(store.getState().editError).toMatchObject({ stepId: 'gather-sources', details: [{ path: '$.steps[0].max_iterations' }] });
  });

  it('renames a step id: references, step_config entry, position and selection follow', () => {
    const store = storeWithDocument();
    store.getState().moveNodes({ 'research-todo': { x: 5, y: 5 } });
    store.getState().setSelection(['research-todo'], []);
    store.getState().resetHistory();
    expectUndoable(
      store,
      () => {
        expect(store.getState().renameStep('research-todo', 'research')).toBe(true);
        expect(store.getState().selectedNodeId).toBe('research');
      },
      () => {
        expect(stepOf(store, 'research')).toBeDefined();
        expect(agentConfigsOf(docOf(store), 'research')).toMatchObject({ execution_max_turns: 40 });
        expect(store.getState().manualPositions.LR['research']).toEqual({ x: 5, y: 5 });
      },
    );
    expect(store.getState().renameStep('research-todo', 'draft-report')).toBe(false);
    expect(store.getState().editError?.reason).toMatch(/already used/);
  });

  it('adds, removes, renames, reorders and edits todo_task routes, their sub-agents and the generic agent', () => {
    const store = storeWithDocument();
    const routeIds = () => todo(store).predefined_routes!.map((r) => r.route_id);
    expectUndoable(
      store,
      () => expect(store.getState().addRouteTo('research-todo')).toBe('route-4'),
      () => expect(routeIds()).toEqual(['literature', 'data-extraction', 'fact-check', 'route-4']),
    );
    expectUndoable(
      store,
      () => store.getState().removeRouteFrom('research-todo', 'literature'),
      () => expect(routeIds()).toEqual(['data-extraction', 'fact-check']),
    );
    expectUndoable(
      store,
      () => store.getState().renameRouteOf('research-todo', 'literature', { routeId: 'papers', routeName: 'Papers' }),
      () => expect(todo(store).predefined_routes![0]).toMatchObject({ route_id: 'papers', route_name: 'Papers' }),
    );
    expectUndoable(
      store,
      () => store.getState().moveRouteOf('research-todo', 2, 0),
      () => expect(routeIds()).toEqual(['fact-check', 'literature', 'data-extraction']),
    );
    expectUndoable(
      store,
      () => store.getState().updateRouteOf('research-todo', 'literature', { condition: 'papers first' }),
      () => expect(todo(store).predefined_routes![0]!.condition).toBe('papers first'),
    );
    expectUndoable(
      store,
      () => store.getState().setSubAgent('research-todo', 'literature', { ...todo(store).predefined_routes![0]!.sub_agent_step!, title: 'Reader' }),
      () => expect(stepOf(store, 'literature-reviewer')).toMatchObject({ title: 'Reader' }),
    );
    expectUndoable(
      store,
      () => store.getState().setGenericAgentOf('research-todo', false),
      () => expect(todo(store).enable_generic_agent).toBe(false),
    );
  });

  it('sets and removes agent_configs fields, creating the entry (and step_config) when missing', () => {
    const store = storeWithDocument();
    const llm = { provider: 'anthropic', model_id: 'claude-sonnet-4' };
    expectUndoable(
      store,
      () => store.getState().setAgentConfigOf('draft-report', { execution_llm: llm, execution_max_turns: 12, declared_execution_mode: 'simple' }),
      () => expect(agentConfigsOf(docOf(store), 'draft-report')).toEqual({ execution_llm: llm, execution_max_turns: 12, declared_execution_mode: 'simple' }),
    );
    expectUndoable(
      store,
      () => store.getState().removeAgentConfigFieldOf('research-todo', 'execution_max_turns'),
      () => expect(agentConfigsOf(docOf(store), 'research-todo')).not.toHaveProperty('execution_max_turns'),
    );
    expect(store.getState().setAgentConfigOf('draft-report', { execution_max_turns: -1 })).toBe(false);
    expect(store.getState().editError?.details[0]?.path).toMatch(/agent_configs\.execution_max_turns$/);
  });

  it('copies, pastes (fresh ids, config along, copies offset) and duplicates the selection', () => {
    const store = storeWithDocument();
    store.getState().moveNodes({ 'research-todo': { x: 100, y: 100 } });
    store.getState().setSelection(['research-todo'], []);
    store.getState().resetHistory();
    const payload = store.getState().copySelection();
    expect(payload?.steps.map((s) => s.id)).toEqual(['research-todo']);
    expectUndoable(
      store,
      () => expect(store.getState().pasteClipboard()).toEqual(['research-todo-2']),
      () => {
        expect(agentConfigsOf(docOf(store), 'research-todo-2')).toMatchObject({ execution_max_turns: 40 });
        expect(store.getState().manualPositions.LR['research-todo-2']).toEqual({ x: 140, y: 140 });
        expect(todo(store, 'research-todo-2').predefined_routes![0]!.sub_agent_step!.id).toBe('literature-reviewer-2');
      },
    );
    store.getState().setSelection(['gather-sources'], []);
    store.getState().resetHistory();
    expectUndoable(
      store,
      () => {
        expect(store.getState().duplicateSelection()).toEqual(['gather-sources-2']);
        expect(store.getState().selectedNodeIds).toEqual(['gather-sources-2']);
      },
      () => expect(docOf(store).plan.steps[1]!.id).toBe('gather-sources-2'),
    );
    expect(store.getState().pasteClipboard({ not: 'steps' })).toEqual([]);
    expect(store.getState().toasts.at(-1)?.message).toMatch(/clipboard/);
  });

  it('undoes layout changes (drags, tidy up, direction) like edits', () => {
    const store = storeWithDocument();
    store.getState().moveNodes({ a: { x: 1, y: 1 } });
    store.getState().tidyUp();
    store.getState().setDirection('TB');
    expect(store.getState().past.map((e) => e.label)).toEqual(['Move', 'Tidy up', 'Switch direction']);
    store.getState().undo();
    expect(store.getState().direction).toBe('LR');
    store.getState().undo();
    expect(store.getState().manualPositions.LR).toEqual({ a: { x: 1, y: 1 } });
    store.getState().undo();
    expect(store.getState().manualPositions.LR).toEqual({});
    expect(store.getState().undo()).toBe(false);
    store.getState().redo();
    store.getState().redo();
    store.getState().redo();
    expect(store.getState().direction).toBe('TB');
    expect(store.getState().dirty).toBe(false);
  });

  it('a new edit drops the redo branch; the history is capped; a loaded document starts clean', async () => {
    const { HISTORY_LIMIT } = await import('../history-slice');
    const store = storeWithDocument();
    store.getState().updateStepFields('gather-sources', { title: 'A' });
    store.getState().undo();
    store.getState().updateStepFields('gather-sources', { title: 'B' });
    expect(store.getState().redo()).toBe(false);
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) store.getState().moveNodes({ a: { x: i, y: i } });
    expect(store.getState().past).toHaveLength(HISTORY_LIMIT);
    store.getState().setDocument({ ...store.getState().document! });
    expect(store.getState()).toMatchObject({ past: [], future: [], dirty: false });
  });
});
