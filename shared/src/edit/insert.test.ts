import { describe, expect, it } from 'vitest';
import type { Step } from '../plan/step';
import { createStep } from './create-step';
import { addStep } from './insert';
import { stepIdsOf } from './locate';
import { demoDocument, expectOk, expectRefused, reread } from './test-documents';

const mainIds = (plan: { steps: Step[] }) => plan.steps.map((s) => s.id);

describe('addStep', () => {
  it('appends to the main list by default and keeps every other step identical', () => {
    const doc = demoDocument();
    const step = createStep('regular', { title: 'Archive', existingIds: stepIdsOf(doc.plan) });
    const result = expectOk(addStep(doc, step));
    expect(result.stepId).toBe('archive');
    expect(mainIds(result.doc.plan).at(-1)).toBe('archive');
    doc.plan.steps.forEach((s, i) => expect(result.doc.plan.steps[i]).toBe(s));
    expect(result.doc.stepConfig).toBe(doc.stepConfig);
    reread(result.doc);
  });

  it('inserts after a step, at an index, and into a conditional branch', () => {
    const doc = demoDocument();
    const a = createStep('regular', { title: 'A' });
    const afterGather = expectOk(addStep(doc, a, { after: 'gather-sources' })).doc;
    expect(mainIds(afterGather.plan).slice(0, 3)).toEqual(['gather-sources', 'a', 'research-todo']);
    expect(mainIds(expectOk(addStep(doc, a, { index: 0 })).doc.plan)[0]).toBe('a');

    const inBranch = expectOk(addStep(doc, a, { parentId: 'quality-gate', branch: 'false', index: 1 })).doc;
    const gate = inBranch.plan.steps.find((s) => s.id === 'quality-gate') as Step & { if_false_steps: Step[]; if_true_steps: Step[] };
    expect(gate.if_false_steps.map((s) => s.id)).toEqual(['flag-gaps', 'a', 'notify-editor']);
    const oldGate = doc.plan.steps.find((s) => s.id === 'quality-gate') as typeof gate;
    expect(gate.if_true_steps).toBe(oldGate.if_true_steps);

    const afterBranchStep = expectOk(addStep(doc, a, { after: 'format-citations' })).doc;
    const gate2 = afterBranchStep.plan.steps.find((s) => s.id === 'quality-gate') as typeof gate;
    expect(gate2.if_true_steps.map((s) => s.id)).toEqual(['format-citations', 'a']);
  });

  it('creates a missing branch list', () => {
    const doc = demoDocument();
    const cond = createStep('conditional', { title: 'Check' });
    delete (cond as { if_true_steps?: unknown }).if_true_steps;
    const withCond = expectOk(addStep(doc, cond)).doc;
    const result = expectOk(addStep(withCond, createStep('regular', { title: 'Inner' }), { parentId: 'check', branch: 'true' })).doc;
    expect((result.plan.steps.at(-1) as { if_true_steps: Step[] }).if_true_steps.map((s) => s.id)).toEqual(['inner']);
    reread(result);
  });

  it('refuses clashing ids, bad positions, invalid steps and view state', () => {
    const doc = demoDocument();
    expect(expectRefused(addStep(doc, createStep('regular', { title: 'Gather Sources' })))).toMatch(/"gather-sources" is already used/);
    const todo = createStep('todo_task', { title: 'Fresh' });
    const clashing = { ...todo, predefined_routes: [{ route_id: 'r', sub_agent_step: { id: 'fact-checker' } }] } as Step;
    expect(expectRefused(addStep(doc, clashing))).toMatch(/"fact-checker" is already used/);
    const a = createStep('regular', { title: 'A' });
    expect(expectRefused(addStep(doc, a, { after: 'nope' }))).toMatch(/no step "nope"/);
    expect(expectRefused(addStep(doc, a, { after: 'fact-checker' }))).toMatch(/belongs to a route/);
    expect(expectRefused(addStep(doc, a, { parentId: 'gather-sources', branch: 'true' }))).toMatch(/not a conditional/);
    expect(expectRefused(addStep(doc, a, { parentId: 'quality-gate' }))).toMatch(/which branch/);
    expect(expectRefused(addStep(doc, a, { index: 99 }))).toMatch(/outside the list/);
    expect(expectRefused(addStep(doc, a, { index: -1 }))).toMatch(/outside the list/);
    expect(expectRefused(addStep(doc, { ...a, position: { x: 1, y: 2 } } as Step))).toMatch(/"position" is canvas view state/);
    const invalid = addStep(doc, { ...a, has_loop: 'yes' } as unknown as Step);
    expect(invalid.ok).toBe(false);
    if (!invalid.ok) expect(invalid.details?.map((d) => d.path)).toEqual([`$.steps[${doc.plan.steps.length}].has_loop`]);
  });
});
