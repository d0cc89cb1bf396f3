import { describe, expect, it } from 'vitest';
import { checkPlan } from '../plan/checks';
import { renameStepId } from './rename';
import { demoDocument, documentOf, expectOk, expectRefused, reread, stepOf } from './test-documents';

describe('renameStepId', () => {
  it('updates the step, every reference and its step_config entry', () => {
    const doc = demoDocument();
    const result = expectOk(renameStepId(doc, 'draft-report', 'write-report'));
    const next = result.doc;
    expect(result.stepId).toBe('write-report');
    expect(stepOf(next, 'write-report').title).toBe('Draft Report');
    expect(stepOf(next, 'revise-scope')).toMatchObject({ next_step_id: 'write-report' });
    expect(stepOf(next, 'editor-review')).toMatchObject({ option_routes: { reject: 'write-report' } });
    expect(stepOf(next, 'choose-depth')).toMatchObject({
      default_route_id: 'standard',
      routes: [expect.objectContaining({ next_step_id: 'write-report' }), expect.anything(), expect.anything()],
    });
    expect(JSON.stringify(next.plan)).not.toContain('"draft-report"');
    expect(next.plan.steps[0]).toBe(doc.plan.steps[0]);
    expect(next.stepConfig).toBe(doc.stepConfig);
    expect(checkPlan(reread(next)).filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('renames a step with a step_config entry, and sub-agent steps', () => {
    const doc = demoDocument();
    const gate = expectOk(renameStepId(doc, 'quality-gate', 'publication-gate')).doc;
    expect(gate.stepConfig?.steps.map((e) => e.id)).toEqual(['research-todo', 'publication-gate', 'literature-reviewer']);
    expect(gate.stepConfig?.steps[0]).toBe(doc.stepConfig?.steps[0]);
    expect(stepOf(gate, 'editor-review')).toMatchObject({ next_step_id: 'publication-gate', option_routes: { '0': 'publication-gate' } });
    const sub = expectOk(renameStepId(doc, 'literature-reviewer', 'lit-review')).doc;
    expect(stepOf(sub, 'lit-review').title).toBe('Review Literature');
    expect(sub.stepConfig?.steps[2]?.id).toBe('lit-review');
  });

  it('updates conditional and decision targets', () => {
    const doc = documentOf({
      steps: [
        { type: 'decision', id: 'd', if_true_next_step_id: 'x', if_false_next_step_id: 'end' },
        { type: 'conditional', id: 'c', if_false_next_step_id: 'x' },
        { type: 'human_input', id: 'h', response_type: 'yesno', if_yes_next_step_id: 'x' },
        { type: 'regular', id: 'x' },
      ],
    });
    const next = expectOk(renameStepId(doc, 'x', 'y')).doc;
    expect(JSON.stringify(next.plan)).not.toContain('"x"');
  });

  it('returns the same document for the same id and refuses bad ids', () => {
    const doc = demoDocument();
    expect(expectOk(renameStepId(doc, 'draft-report', 'draft-report')).doc).toBe(doc);
    expect(expectRefused(renameStepId(doc, 'draft-report', ''))).toMatch(/must not be empty/);
    expect(expectRefused(renameStepId(doc, 'draft-report', 'two words'))).toMatch(/not a valid step id/);
    expect(expectRefused(renameStepId(doc, 'draft-report', 'end'))).toMatch(/reserved/);
    expect(expectRefused(renameStepId(doc, 'draft-report', 'fact-checker'))).toMatch(/already used/);
    expect(expectRefused(renameStepId(doc, 'nope', 'x'))).toMatch(/no step "nope"/);
  });
});
