import { describe, expect, it } from 'vitest';
import { buildFlow, edgesFrom } from '../plan/flow';
import { checkConnection, connect, disconnect } from './connect';
import type { PlanDocument } from './document';
import { documentOf, demoDocument, expectOk, expectRefused, reread, stepOf } from './test-documents';

const targetsOf = (doc: PlanDocument, id: string) => edgesFrom(buildFlow(doc.plan), id).map((e) => `${e.handle}->${e.target}`);

describe('connect', () => {
  it('sets next_step_id, also to end, touching only the source step', () => {
    const doc = demoDocument();
    const next = expectOk(connect(doc, { source: 'gather-sources', sourceHandle: 'next', target: 'draft-outline' })).doc;
    expect(stepOf(next, 'gather-sources')).toMatchObject({ next_step_id: 'draft-outline' });
    expect(targetsOf(next, 'gather-sources')).toEqual(['next->draft-outline']);
    next.plan.steps.slice(1).forEach((s, i) => expect(s).toBe(doc.plan.steps[i + 1]));
    expect(stepOf(expectOk(connect(doc, { source: 'draft-report', sourceHandle: 'next', target: 'end' })).doc, 'draft-report')).toMatchObject({
      next_step_id: 'end',
    });
    reread(next);
  });

  it('returns the same document when the target is already set', () => {
    const doc = demoDocument();
    expect(expectOk(connect(doc, { source: 'deep-analysis', sourceHandle: 'next', target: 'choose-depth' })).doc).toBe(doc);
  });

  it('sets a routing route target by route id', () => {
    const doc = expectOk(connect(demoDocument(), { source: 'choose-depth', sourceHandle: 'deep-dive', target: 'fact-audit' })).doc;
    expect(targetsOf(doc, 'choose-depth')).toEqual(['standard->draft-report', 'deep-dive->fact-audit', 'quick-summary->editor-review']);
  });

  it('sets option routes under the existing key of the option, else its index, keeping key order', () => {
    const doc = demoDocument();
    const byValue = expectOk(connect(doc, { source: 'editor-review', sourceHandle: 'option-1', target: 'revise-scope' })).doc;
    expect(stepOf(byValue, 'editor-review')['option_routes']).toEqual({ '0': 'quality-gate', reject: 'revise-scope', '2': 'fact-audit' });
    // The value key "reject" is reused, not joined by a "1": the file's keys stay its keys (their
    // textual order is the format-preserving writer's job; JS lists integer-like keys first).
    expect(Object.keys(stepOf(byValue, 'editor-review')['option_routes'] as object)).toEqual(
      Object.keys(stepOf(doc, 'editor-review')['option_routes'] as object),
    );

    const bare = documentOf({
      steps: [
        { type: 'human_input', id: 'h', response_type: 'multiple_choice', options: ['a', 'b', 'c'], option_routes: { c: 'end' } },
        { type: 'regular', id: 'x' },
      ],
    });
    const first = expectOk(connect(bare, { source: 'h', sourceHandle: 'option-1', target: 'x' })).doc;
    expect(stepOf(first, 'h')['option_routes']).toEqual({ c: 'end', '1': 'x' });
    const second = expectOk(connect(first, { source: 'h', sourceHandle: 'option-2', target: 'x' })).doc;
    expect(stepOf(second, 'h')['option_routes']).toEqual({ c: 'x', '1': 'x' });
    expect(targetsOf(second, 'h')).toEqual(['option-0->x', 'option-1->x', 'option-2->x']);
  });

  it('sets yes/no of human input and true/false of decisions and conditionals without branch steps', () => {
    const doc = documentOf({
      steps: [
        { type: 'human_input', id: 'h', response_type: 'yesno' },
        { type: 'decision', id: 'd' },
        { type: 'conditional', id: 'c', if_true_steps: [] },
        { type: 'regular', id: 'x' },
      ],
    });
    let next = expectOk(connect(doc, { source: 'h', sourceHandle: 'no', target: 'end' })).doc;
    next = expectOk(connect(next, { source: 'd', sourceHandle: 'true', target: 'x' })).doc;
    next = expectOk(connect(next, { source: 'c', sourceHandle: 'false', target: 'h' })).doc;
    expect(stepOf(next, 'h')).toMatchObject({ if_no_next_step_id: 'end' });
    expect(stepOf(next, 'd')).toMatchObject({ if_true_next_step_id: 'x' });
    expect(stepOf(next, 'c')).toMatchObject({ if_false_next_step_id: 'h' });
    expect(targetsOf(next, 'c')).toEqual(['true->x', 'false->h']);
  });

  it('allows a branching output back to its own step, and a branch step within its own branch', () => {
    const doc = demoDocument();
    expect(connect(doc, { source: 'editor-review', sourceHandle: 'option-0', target: 'editor-review' }).ok).toBe(true);
    expect(connect(doc, { source: 'notify-editor', sourceHandle: 'next', target: 'flag-gaps' }).ok).toBe(true);
    expect(connect(doc, { source: 'notify-editor', sourceHandle: 'next', target: 'publish-report' }).ok).toBe(true);
  });

  it('refuses invalid connections with a reason and changes nothing', () => {
    const doc = demoDocument();
    const refuse = (source: string, sourceHandle: string, target: string) => expectRefused(connect(doc, { source, sourceHandle, target }));
    expect(refuse('gather-sources', 'next', 'literature-reviewer')).toMatch(/a sub-agent runs only from its parent/);
    expect(refuse('literature-reviewer', 'next', 'draft-report')).toMatch(/returns to its parent/);
    expect(refuse('nope', 'next', 'draft-report')).toMatch(/no step "nope" to connect from/);
    expect(refuse('gather-sources', 'next', 'nope')).toMatch(/no step "nope" to connect to/);
    expect(refuse('gather-sources', 'yes', 'draft-report')).toMatch(/has no output "yes" \(its outputs: "next"\)/);
    expect(refuse('choose-depth', 'next', 'draft-report')).toMatch(/its outputs: "standard", "deep-dive", "quick-summary"/);
    expect(refuse('editor-review', 'option-7', 'draft-report')).toMatch(/no output "option-7"/);
    expect(refuse('gather-sources', 'next', 'gather-sources')).toMatch(/cannot continue with itself/);
    expect(refuse('gather-sources', 'next', 'flag-gaps')).toMatch(/inside the No branch of "quality-gate"/);
    expect(refuse('format-citations', 'next', 'flag-gaps')).toMatch(/inside the No branch/);
    expect(refuse('quality-gate', 'true', 'draft-report')).toMatch(/Yes branch of "quality-gate" starts with its own step "format-citations"/);
    expect(checkConnection(doc.plan, { source: 'gather-sources', sourceHandle: 'next', target: 'draft-report' })).toBeUndefined();
    expect(checkConnection(doc.plan, { source: 'gather-sources', sourceHandle: 'next', target: 'fact-checker' })?.reason).toMatch(/sub-agent/);
  });

  it('refuses orphan steps on either end', () => {
    const doc = documentOf({ steps: [{ type: 'regular', id: 'a' }], orphan_steps: [{ type: 'regular', id: 'o' }] });
    expect(expectRefused(connect(doc, { source: 'a', sourceHandle: 'next', target: 'o' }))).toMatch(/orphan_steps/);
    expect(expectRefused(connect(doc, { source: 'o', sourceHandle: 'next', target: 'a' }))).toMatch(/orphan_steps/);
  });
});

describe('disconnect', () => {
  it('removes the explicit target so the output falls back to list order', () => {
    const doc = demoDocument();
    const next = expectOk(disconnect(doc, { source: 'deep-analysis', sourceHandle: 'next' })).doc;
    expect('next_step_id' in stepOf(next, 'deep-analysis')).toBe(false);
    expect(targetsOf(next, 'deep-analysis')).toEqual(['next->draft-report']);
    expect(expectOk(disconnect(next, { source: 'deep-analysis', sourceHandle: 'next' })).doc).toBe(next);
  });

  it('removes route, yes/no, true/false targets and every key of an option', () => {
    const doc = demoDocument();
    const route = expectOk(disconnect(doc, { source: 'choose-depth', sourceHandle: 'standard' })).doc;
    expect(targetsOf(route, 'choose-depth')[0]).toBe('standard->deep-analysis');
    const decision = expectOk(disconnect(doc, { source: 'final-decision', sourceHandle: 'false' })).doc;
    expect(targetsOf(decision, 'final-decision')).toEqual(['true->publish-report', 'false->publish-report']);

    const twoKeys = documentOf({
      steps: [
        { type: 'human_input', id: 'h', response_type: 'multiple_choice', options: ['a', 'b'], option_routes: { '1': 'x', b: 'x', '0': 'end' } },
        { type: 'regular', id: 'x' },
      ],
    });
    const option = expectOk(disconnect(twoKeys, { source: 'h', sourceHandle: 'option-1' })).doc;
    expect(stepOf(option, 'h')['option_routes']).toEqual({ '0': 'end' });
    const none = expectOk(disconnect(option, { source: 'h', sourceHandle: 'option-0' })).doc;
    expect('option_routes' in stepOf(none, 'h')).toBe(false);
  });

  it('refuses unknown outputs and a branch that starts with steps', () => {
    const doc = demoDocument();
    expect(expectRefused(disconnect(doc, { source: 'gather-sources', sourceHandle: 'true' }))).toMatch(/no output "true"/);
    expect(expectRefused(disconnect(doc, { source: 'quality-gate', sourceHandle: 'false' }))).toMatch(/starts with its own step "flag-gaps"/);
  });
});
