import { describe, expect, it } from 'vitest';
import type { Route } from '../plan/step';
import type { RoutingRoute } from '../plan/steps/jump-routes';
import { addRoute, moveRoute, removeRoute, renameRoute, setGenericAgent, setSubAgentStep, updateRoute } from './routes';
import { stepIdsOf } from './locate';
import type { PlanDocument } from './document';
import { demoDocument, expectOk, expectRefused, reread, stepOf } from './test-documents';
import { readPlan } from '../plan/read-plan';
import { checkPlan } from '../plan/checks';
import { generationFixtureJson } from '../test-support/generation-fixtures';

const routesOf = (doc: PlanDocument, id: string) => {
  const step = stepOf(doc, id) as { predefined_routes?: Route[]; orchestration_routes?: Route[]; routes?: RoutingRoute[] };
  return (step.predefined_routes ?? step.orchestration_routes ?? step.routes ?? []) as Array<Route & RoutingRoute>;
};
const routeIds = (doc: PlanDocument, id: string) => routesOf(doc, id).map((r) => r.route_id);

describe('todo_task / orchestration routes', () => {
  it('adds a route with a fresh sub-agent, at the end or at a position', () => {
    const doc = demoDocument();
    const added = expectOk(addRoute(doc, 'research-todo'));
    expect(added.routeId).toBe('route-4');
    const route = routesOf(added.doc, 'research-todo')[3];
    expect(route).toMatchObject({ route_name: 'Route 4', condition: '', sub_agent_step: { type: 'regular', id: 'research-todo-route-4' } });
    expect(routesOf(added.doc, 'research-todo')[0]).toBe(routesOf(doc, 'research-todo')[0]);
    const named = expectOk(addRoute(doc, 'draft-outline', { routeName: 'Timeline', index: 0 }));
    expect(routeIds(named.doc, 'draft-outline')).toEqual(['timeline', 'narrative', 'structured']);
    const ids = [...stepIdsOf(named.doc.plan)];
    expect(new Set(ids).size).toBe(ids.length);
    reread(named.doc);
  });

  it('removes a route with its sub-agent and the sub-agent step_config entry', () => {
    const doc = demoDocument();
    const next = expectOk(removeRoute(doc, 'research-todo', 'literature')).doc;
    expect(routeIds(next, 'research-todo')).toEqual(['data-extraction', 'fact-check']);
    expect(next.stepConfig?.steps.map((e) => e.id)).toEqual(['research-todo', 'quality-gate']);
    expect(routesOf(next, 'research-todo')[0]).toBe(routesOf(doc, 'research-todo')[1]);
  });

  it('renames, reorders and updates routes', () => {
    const doc = demoDocument();
    const renamed = expectOk(renameRoute(doc, 'research-todo', 'literature', { routeId: 'lit', routeName: 'Lit Review' }));
    expect(renamed.routeId).toBe('lit');
    expect(routesOf(renamed.doc, 'research-todo')[0]).toMatchObject({ route_id: 'lit', route_name: 'Lit Review', max_calls_per_run: 4 });
    expect(Object.keys(routesOf(renamed.doc, 'research-todo')[0] as object)).toEqual(Object.keys(routesOf(doc, 'research-todo')[0] as object));
    const moved = expectOk(moveRoute(doc, 'research-todo', 2, 0)).doc;
    expect(routeIds(moved, 'research-todo')).toEqual(['fact-check', 'literature', 'data-extraction']);
    expect(expectOk(moveRoute(doc, 'research-todo', 1, 1)).doc).toBe(doc);
    const updated = expectOk(updateRoute(doc, 'research-todo', 'fact-check', { condition: 'Always', context_to_pass: undefined })).doc;
    expect(routesOf(updated, 'research-todo')[2]).toMatchObject({ condition: 'Always' });
    expect(expectOk(updateRoute(doc, 'research-todo', 'fact-check', { condition: routesOf(doc, 'research-todo')[2]?.condition })).doc).toBe(doc);
  });

  it('replaces or removes a sub-agent step and toggles the generic agent', () => {
    const doc = demoDocument();
    const replaced = expectOk(setSubAgentStep(doc, 'research-todo', 'literature', { id: 'reader', title: 'Reader', description: '' })).doc;
    expect(routesOf(replaced, 'research-todo')[0]?.sub_agent_step).toEqual({ id: 'reader', title: 'Reader', description: '' });
    // The replaced sub-agent is gone, and so is its configuration.
    expect(replaced.stepConfig?.steps.map((e) => e.id)).toEqual(['research-todo', 'quality-gate']);
    const same = routesOf(doc, 'research-todo')[1]?.sub_agent_step ?? null;
    expect(expectOk(setSubAgentStep(doc, 'research-todo', 'data-extraction', same)).doc).toBe(doc);
    const removed = expectOk(setSubAgentStep(doc, 'research-todo', 'fact-check', null)).doc;
    expect('sub_agent_step' in (routesOf(removed, 'research-todo')[2] as object)).toBe(false);
    const generic = expectOk(setGenericAgent(doc, 'research-todo', false)).doc;
    expect(stepOf(generic, 'research-todo')).toMatchObject({ enable_generic_agent: false });
    reread(replaced);
  });

  it('refuses bad route edits', () => {
    const doc = demoDocument();
    expect(expectRefused(addRoute(doc, 'gather-sources'))).toMatch(/regular step, which has no routes/);
    expect(expectRefused(addRoute(doc, 'research-todo', { routeId: 'literature' }))).toMatch(/already used/);
    expect(expectRefused(addRoute(doc, 'research-todo', { routeId: 'next' }))).toMatch(/reserved/);
    expect(expectRefused(addRoute(doc, 'research-todo', { index: 9 }))).toMatch(/has 3 route\(s\)/);
    expect(expectRefused(removeRoute(doc, 'research-todo', 'nope'))).toMatch(/no route "nope"/);
    expect(expectRefused(renameRoute(doc, 'research-todo', 'literature', { routeId: 'fact-check' }))).toMatch(/already used/);
    expect(expectRefused(renameRoute(doc, 'research-todo', 'literature', { routeId: '' }))).toMatch(/must not be empty/);
    expect(expectRefused(moveRoute(doc, 'research-todo', 0, 3))).toMatch(/no position 3/);
    expect(expectRefused(updateRoute(doc, 'research-todo', 'literature', { route_id: 'x' }))).toMatch(/rename route/);
    expect(expectRefused(setSubAgentStep(doc, 'research-todo', 'literature', { id: 'gather-sources' }))).toMatch(/already used/);
    expect(expectRefused(setSubAgentStep(doc, 'choose-depth', 'standard', { id: 'z' }))).toMatch(/only delegating steps/);
    expect(expectRefused(setGenericAgent(doc, 'draft-outline', true))).toMatch(/only todo_task, orchestrator and agent steps have a generic agent/);
    const invalid = updateRoute(doc, 'research-todo', 'literature', { sub_agent_step: { id: 'x', has_loop: 3 } });
    expect(invalid.ok).toBe(false);
    if (!invalid.ok) expect(invalid.details?.map((d) => d.path)).toContain('$.steps[1].predefined_routes[0].sub_agent_step.has_loop');
  });
});

describe('routing routes', () => {
  it('adds a route without a target, renames with default_route_id following, removes', () => {
    const doc = demoDocument();
    const added = expectOk(addRoute(doc, 'choose-depth', { routeName: 'Skip' }));
    expect(routesOf(added.doc, 'choose-depth')[3]).toEqual({ route_id: 'skip', route_name: 'Skip', condition: '' });
    const renamed = expectOk(renameRoute(doc, 'choose-depth', 'standard', { routeId: 'normal' })).doc;
    expect(stepOf(renamed, 'choose-depth')).toMatchObject({ default_route_id: 'normal' });
    const removed = expectOk(removeRoute(doc, 'choose-depth', 'standard')).doc;
    expect('default_route_id' in stepOf(removed, 'choose-depth')).toBe(false);
    expect(routeIds(removed, 'choose-depth')).toEqual(['deep-dive', 'quick-summary']);
    const moved = expectOk(moveRoute(doc, 'choose-depth', 0, 2)).doc;
    expect(routeIds(moved, 'choose-depth')).toEqual(['deep-dive', 'quick-summary', 'standard']);
    reread(removed);
  });
});

describe('setGenericAgent in the newer generations', () => {
  it("refuses to turn off a generic agent the file's runtime always runs, and says why", () => {
    const read = readPlan(generationFixtureJson('LoopTabsHugged', 'plan.json'));
    if (!read.ok) throw new Error('LoopTabsHugged does not read');
    const result = setGenericAgent({ plan: read.plan, stepConfig: null }, 'triage', false);
    expect(result).toEqual({
      ok: false,
      reason: '"triage" always has the generic agent: coding-agent-loop (Aug 2026) has no switch for it (enable_generic_agent is a seed-era field)',
    });
  });
});

describe('addRoute in the newer generations', () => {
  it("gives the new sub-agent the route id, as the file's loader wants, and the plan stays free of problems it did not have", () => {
    const read = readPlan(generationFixtureJson('LoopTabsHugged', 'plan.json'));
    if (!read.ok) throw new Error('LoopTabsHugged does not read');
    const doc: PlanDocument = { plan: read.plan, stepConfig: null };
    const added = expectOk(addRoute(doc, 'triage'));
    const route = routesOf(added.doc, 'triage').find((r) => r.route_id === added.routeId)!;
    expect((route as Route).sub_agent_step?.id).toBe(added.routeId);
    const codes = (plan: PlanDocument['plan']) =>
      checkPlan(plan)
        .filter((p) => p.severity === 'error')
        .map((p) => p.code);
    expect(codes(added.doc.plan)).toEqual(codes(doc.plan));
  });

  it('keeps seed files on their own rule (the sub-agent id names its parent)', () => {
    const added = expectOk(addRoute(demoDocument(), 'research-todo'));
    const route = routesOf(added.doc, 'research-todo').find((r) => r.route_id === added.routeId)!;
    expect((route as Route).sub_agent_step?.id).toBe(`research-todo-${added.routeId}`);
  });
});
