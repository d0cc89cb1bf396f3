import { describe, expect, it } from 'vitest';
import { buildFlow, edgesFrom } from '../plan/flow';
import { deleteSteps, findReferences } from './delete';
import { stepIdsOf } from './locate';
import { demoDocument, documentOf, expectOk, expectRefused, reread, stepOf } from './test-documents';

describe('findReferences', () => {
  it('lists every field naming the step, with its JSON path', () => {
    const refs = findReferences(demoDocument(), 'draft-report');
    expect(refs.map((r) => [r.sourceId, r.path])).toEqual([
      ['choose-depth', '$.steps[3].routes[0].next_step_id'],
      ['editor-review', '$.steps[6].option_routes.reject'],
      ['revise-scope', '$.steps[11].next_step_id'],
    ]);
  });

  it('counts references to nested steps and ignores those from inside the deleted steps', () => {
    const doc = documentOf({
      steps: [
        { type: 'regular', id: 'a', next_step_id: 'inner' },
        { type: 'conditional', id: 'c', if_true_steps: [{ type: 'regular', id: 'inner', next_step_id: 'c' }] },
      ],
    });
    expect(findReferences(doc, ['c']).map((r) => `${r.sourceId}->${r.target}`)).toEqual(['a->inner']);
    expect(findReferences(doc, 'nope')).toEqual([]);
    expect(findReferences(doc, 'a')).toEqual([]);
  });
});

describe('deleteSteps', () => {
  it('re-points references to the successor and drops the step_config entry', () => {
    const doc = demoDocument();
    const result = expectOk(deleteSteps(doc, ['research-todo']));
    expect(result.deletedIds.sort()).toEqual(['data-extractor', 'fact-checker', 'literature-reviewer', 'research-todo']);
    expect(stepIdsOf(result.doc.plan).has('literature-reviewer')).toBe(false);
    expect(result.doc.stepConfig?.steps.map((e) => e.id)).toEqual(['quality-gate']);
    expect(result.doc.stepConfig?.steps[0]).toBe(doc.stepConfig?.steps[1]);
    expect(result.doc.plan.steps[0]).toBe(doc.plan.steps[0]);
    reread(result.doc);
  });

  it('follows successors transitively through deleted steps', () => {
    const doc = demoDocument();
    // draft-report falls through to editor-review; deleting both sends their references to quality-gate.
    const result = expectOk(deleteSteps(doc, ['draft-report', 'editor-review']));
    expect(result.relinked.map((r) => `${r.sourceId}:${r.path}->${r.to}`)).toEqual([
      'choose-depth:$.steps[3].routes[0].next_step_id->quality-gate',
      'choose-depth:$.steps[3].routes[2].next_step_id->quality-gate',
      'revise-scope:$.steps[11].next_step_id->quality-gate',
    ]);
    expect(stepOf(result.doc, 'revise-scope')).toMatchObject({ next_step_id: 'quality-gate' });
    expect(result.doc.plan.steps.map((s) => s.id)).not.toContain('editor-review');
    reread(result.doc);
  });

  it('uses the explicit next step of the deleted step, and end on request', () => {
    const doc = demoDocument();
    const successor = expectOk(deleteSteps(doc, ['deep-analysis'])).doc;
    expect(edgesFrom(buildFlow(successor.plan), 'choose-depth').map((e) => e.target)).toEqual(['draft-report', 'choose-depth', 'editor-review']);
    const end = expectOk(deleteSteps(doc, ['deep-analysis'], { relink: 'end' })).doc;
    expect(edgesFrom(buildFlow(end.plan), 'choose-depth').map((e) => e.target)).toEqual(['draft-report', 'end', 'editor-review']);
  });

  it('ends a chain that loops among deleted steps', () => {
    const doc = documentOf({
      steps: [
        { type: 'regular', id: 'a', next_step_id: 'b' },
        { type: 'regular', id: 'b', next_step_id: 'c' },
        { type: 'regular', id: 'c', next_step_id: 'b' },
      ],
    });
    expect(stepOf(expectOk(deleteSteps(doc, ['b', 'c'])).doc, 'a')).toMatchObject({ next_step_id: 'end' });
  });

  it('never leaves a step continuing with itself', () => {
    const doc = documentOf({
      steps: [
        { type: 'regular', id: 'a', next_step_id: 'd' },
        { type: 'regular', id: 'd', next_step_id: 'a' },
        {
          type: 'routing',
          id: 'r',
          routes: [
            { route_id: 'again', next_step_id: 'd2' },
            { route_id: 'on', next_step_id: 'end' },
          ],
        },
        { type: 'regular', id: 'd2', next_step_id: 'r' },
      ],
    });
    const next = expectOk(deleteSteps(doc, ['d', 'd2'])).doc;
    expect(stepOf(next, 'a')).toMatchObject({ next_step_id: 'end' });
    // A routing route back to its own step is a condition-driven loop, kept.
    expect(stepOf(next, 'r')).toMatchObject({
      routes: [
        { route_id: 'again', next_step_id: 'r' },
        { route_id: 'on', next_step_id: 'end' },
      ],
    });
  });

  it('deletes branch steps and a whole conditional with its branches', () => {
    const doc = demoDocument();
    const branchStep = expectOk(deleteSteps(doc, ['flag-gaps'])).doc;
    expect((stepOf(branchStep, 'quality-gate') as { if_false_steps: Array<{ id: string }> }).if_false_steps.map((s) => s.id)).toEqual(['notify-editor']);
    const whole = expectOk(deleteSteps(doc, ['quality-gate', 'flag-gaps']));
    expect(whole.deletedIds.sort()).toEqual(['flag-gaps', 'format-citations', 'notify-editor', 'quality-gate']);
    // editor-review pointed at quality-gate (its next and option 0); quality-gate fell through to fact-audit.
    expect(stepOf(whole.doc, 'editor-review')).toMatchObject({ next_step_id: 'fact-audit', option_routes: { '0': 'fact-audit' } });
    expect(whole.doc.stepConfig?.steps.map((e) => e.id)).toEqual(['research-todo', 'literature-reviewer']);
    reread(whole.doc);
  });

  it('deletes orphan steps, and a sub-agent only together with its parent', () => {
    const doc = documentOf({ steps: [{ type: 'regular', id: 'a' }], orphan_steps: [{ type: 'regular', id: 'o' }] });
    expect(expectOk(deleteSteps(doc, ['o'])).doc.plan.orphan_steps).toEqual([]);
    const demo = demoDocument();
    expect(expectRefused(deleteSteps(demo, ['fact-checker']))).toMatch(/sub-agent of "research-todo": remove its route instead/);
    expect(expectOk(deleteSteps(demo, ['fact-checker', 'research-todo'])).deletedIds).toContain('fact-checker');
    expect(expectRefused(deleteSteps(demo, ['gather-sources', 'nope']))).toMatch(/no step "nope"/);
  });

  it('keeps references to a duplicated id that survives elsewhere', () => {
    const doc = documentOf({
      steps: [
        { type: 'regular', id: 'a', next_step_id: 'x' },
        { type: 'regular', id: 'x' },
        { type: 'regular', id: 'x' },
      ],
    });
    const result = expectOk(deleteSteps(doc, ['x']));
    expect(result.relinked).toEqual([]);
    expect(result.doc.plan.steps.map((s) => s.id)).toEqual(['a', 'x']);
  });
});
