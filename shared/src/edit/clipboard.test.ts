import { describe, expect, it } from 'vitest';
import { checkPlan } from '../plan/checks';
import { copySteps, duplicateSteps, pasteSteps } from './clipboard';
import { stepIdsOf } from './locate';
import { demoDocument, documentOf, expectOk, expectRefused, reread, stepOf } from './test-documents';

describe('copySteps', () => {
  it('copies steps in document order with nested steps and their step_config entries, as plain JSON', () => {
    const doc = demoDocument();
    const payload = copySteps(doc, ['quality-gate', 'research-todo', 'flag-gaps', 'nope']);
    expect(payload.format).toBe('planvas/steps');
    expect(payload.steps.map((s) => s.id)).toEqual(['research-todo', 'quality-gate']);
    expect(payload.stepConfig.map((e) => e.id)).toEqual(['research-todo', 'quality-gate', 'literature-reviewer']);
    expect(JSON.parse(JSON.stringify(payload))).toEqual(payload);
    expect(payload.steps[0]).not.toBe(doc.plan.steps[1]);
  });
});

describe('pasteSteps', () => {
  it('renames every pasted id, rewrites references among them, brings their configuration', () => {
    const doc = demoDocument();
    const payload = copySteps(doc, ['deep-analysis', 'draft-report', 'editor-review', 'research-todo']);
    const result = expectOk(pasteSteps(doc, payload));
    expect(result.idMap).toMatchObject({ 'deep-analysis': 'deep-analysis-2', 'draft-report': 'draft-report-2', 'fact-checker': 'fact-checker-2' });
    expect(result.pastedIds).toEqual(['research-todo-2', 'deep-analysis-2', 'draft-report-2', 'editor-review-2']);
    const ids = [...stepIdsOf(result.doc.plan)];
    expect(new Set(ids).size).toBe(ids.length);
    // Inside the pasted set: follows the copies. Outside it: kept, since those steps exist here.
    expect(stepOf(result.doc, 'deep-analysis-2')).toMatchObject({ next_step_id: 'choose-depth' });
    expect(stepOf(result.doc, 'editor-review-2')).toMatchObject({
      next_step_id: 'quality-gate',
      option_routes: { '0': 'quality-gate', reject: 'draft-report-2', '2': 'fact-audit' },
    });
    expect(result.doc.stepConfig?.steps.slice(3).map((e) => e.id)).toEqual(['research-todo-2', 'literature-reviewer-2']);
    expect(result.doc.stepConfig?.steps.slice(3)[0]).toMatchObject({ agent_configs: { execution_max_turns: 40 } });
    doc.plan.steps.forEach((s, i) => expect(result.doc.plan.steps[i]).toBe(s));
    expect(checkPlan(reread(result.doc)).filter((p) => p.code === 'duplicate_step_id' || p.code === 'unknown_target')).toEqual([]);
  });

  it('clears references to steps the target document lacks and keeps free ids', () => {
    const source = demoDocument();
    const payload = copySteps(source, ['deep-analysis', 'editor-review']);
    const target = documentOf({ steps: [{ type: 'regular', id: 'fact-audit' }] });
    const result = expectOk(pasteSteps(target, payload));
    expect(result.pastedIds).toEqual(['deep-analysis', 'editor-review']);
    expect('next_step_id' in stepOf(result.doc, 'deep-analysis')).toBe(false);
    expect(stepOf(result.doc, 'editor-review')['option_routes']).toEqual({ '2': 'fact-audit' });
    expect('next_step_id' in stepOf(result.doc, 'editor-review')).toBe(false);
    expect(result.doc.stepConfig).toBeNull();
    reread(result.doc);
  });

  it('pastes into a branch, and a lone sub-agent as an ordinary step', () => {
    const doc = demoDocument();
    const sub = expectOk(pasteSteps(doc, copySteps(doc, ['literature-reviewer']), { parentId: 'quality-gate', branch: 'true' }));
    expect(sub.pastedIds).toEqual(['literature-reviewer-2']);
    expect(stepOf(sub.doc, 'literature-reviewer-2')).toMatchObject({ type: 'regular', title: 'Review Literature' });
    expect(sub.doc.stepConfig?.steps.at(-1)).toMatchObject({ id: 'literature-reviewer-2', agent_configs: { execution_max_turns: 25 } });

    const untyped = { format: 'planvas/steps', version: 1, steps: [{ id: 'bare', title: 'Bare' }], stepConfig: [] };
    const pasted = expectOk(pasteSteps(doc, untyped, { index: 0 })).doc;
    expect(pasted.plan.steps[0]).toEqual({ type: 'regular', id: 'bare', title: 'Bare' });
    reread(pasted);
  });

  it('refuses something that is not a planvas clipboard, and a bad position', () => {
    const doc = demoDocument();
    expect(expectRefused(pasteSteps(doc, { steps: 'nope' }))).toMatch(/does not hold planvas steps/);
    expect(expectRefused(pasteSteps(doc, 'text'))).toMatch(/does not hold planvas steps/);
    expect(expectRefused(pasteSteps(doc, copySteps(doc, ['draft-report']), { after: 'nope' }))).toMatch(/no step "nope"/);
    expect(expectOk(pasteSteps(doc, copySteps(doc, []))).doc).toBe(doc);
    const withPosition = { format: 'planvas/steps', version: 1, steps: [{ type: 'regular', id: 'p', position: { x: 1, y: 1 } }], stepConfig: [] };
    expect(expectRefused(pasteSteps(doc, withPosition))).toMatch(/view state/);
  });
});

describe('duplicateSteps', () => {
  it('pastes copies right after the last original', () => {
    const doc = demoDocument();
    const result = expectOk(duplicateSteps(doc, ['draft-report', 'deep-analysis']));
    expect(result.doc.plan.steps.map((s) => s.id).slice(4, 8)).toEqual(['deep-analysis', 'draft-report', 'deep-analysis-2', 'draft-report-2']);
    const branch = expectOk(duplicateSteps(doc, ['flag-gaps'])).doc;
    expect((stepOf(branch, 'quality-gate') as { if_false_steps: Array<{ id: string }> }).if_false_steps.map((s) => s.id)).toEqual([
      'flag-gaps',
      'flag-gaps-2',
      'notify-editor',
    ]);
    expect(expectRefused(duplicateSteps(doc, ['fact-checker']))).toMatch(/select at least one step/);
  });
});
