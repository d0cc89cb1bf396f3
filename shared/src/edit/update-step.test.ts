import { describe, expect, it } from 'vitest';
import type { SubAgentStep } from '../plan/step';
import { updateStep } from './update-step';
import { demoDocument, expectOk, expectRefused, reread, stepOf } from './test-documents';

describe('updateStep', () => {
  it('patches a main step, keeping key order and every other step identical', () => {
    const doc = demoDocument();
    const next = expectOk(updateStep(doc, 'draft-report', { title: 'Write Report', estimated_minutes: undefined, new_field: 1 })).doc;
    const step = stepOf(next, 'draft-report');
    expect(step.title).toBe('Write Report');
    expect('estimated_minutes' in step).toBe(false);
    expect(Object.keys(step).slice(0, 3)).toEqual(['type', 'id', 'title']);
    expect(Object.keys(step).at(-1)).toBe('new_field');
    next.plan.steps.forEach((s, i) => (s.id === 'draft-report' ? expect(s).not.toBe(doc.plan.steps[i]) : expect(s).toBe(doc.plan.steps[i])));
    expect(next.stepConfig).toBe(doc.stepConfig);
    reread(next);
  });

  it('updates sub-agent and nested branch steps in place', () => {
    const doc = demoDocument();
    const sub = expectOk(updateStep(doc, 'fact-checker', (s) => ({ ...s, description: 'Check twice.' }))).doc;
    expect(stepOf(sub, 'fact-checker').description).toBe('Check twice.');
    expect(stepOf(sub, 'literature-reviewer')).toBe(stepOf(doc, 'literature-reviewer'));
    const branch = expectOk(updateStep(doc, 'notify-editor', { title: 'Ping Editor' })).doc;
    expect(stepOf(branch, 'notify-editor').title).toBe('Ping Editor');
    expect(stepOf(branch, 'flag-gaps')).toBe(stepOf(doc, 'flag-gaps'));
  });

  it('returns the same document for a change that changes nothing', () => {
    const doc = demoDocument();
    expect(expectOk(updateStep(doc, 'draft-report', { title: 'Draft Report' })).doc).toBe(doc);
    expect(expectOk(updateStep(doc, 'draft-report', (s) => s)).doc).toBe(doc);
  });

  it('drops the step_config entries of nested steps the change removes', () => {
    const doc = demoDocument();
    const next = expectOk(updateStep(doc, 'research-todo', (s) => ({ ...s, predefined_routes: [] }))).doc;
    expect(next.stepConfig?.steps.map((e) => e.id)).toEqual(['research-todo', 'quality-gate']);
  });

  it('refuses an id change, clashing nested ids, invalid fields and view state', () => {
    const doc = demoDocument();
    expect(expectRefused(updateStep(doc, 'draft-report', { id: 'other' }))).toMatch(/rename step id/);
    expect(expectRefused(updateStep(doc, 'nope', { title: 'x' }))).toMatch(/no step "nope"/);
    const clash = updateStep(doc, 'quality-gate', (s) => ({ ...s, if_true_steps: [{ type: 'regular', id: 'gather-sources' }] }) as SubAgentStep);
    expect(expectRefused(clash)).toMatch(/"gather-sources" is already used/);
    expect(expectRefused(updateStep(doc, 'draft-report', { position: { x: 0, y: 0 } }))).toMatch(/view state/);
    const invalid = updateStep(doc, 'fact-checker', { has_loop: 'often' });
    expect(invalid.ok).toBe(false);
    if (!invalid.ok) expect(invalid.details?.map((d) => d.path)).toEqual(['$.steps[1].predefined_routes[2].sub_agent_step.has_loop']);
    const badType = updateStep(doc, 'draft-report', { type: 'routing', routes: 'none' });
    expect(badType.ok).toBe(false);
    if (!badType.ok) expect(badType.details?.[0]?.path).toBe('$.steps[5].routes');
  });
});
