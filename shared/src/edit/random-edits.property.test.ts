import { describe, expect, it } from 'vitest';
import { checkPlan } from '../plan/checks';
import { buildFlow } from '../plan/flow';
import { readPlan } from '../plan/read-plan';
import { asKnownStep, type SubAgentStep } from '../plan/step';
import { KNOWN_STEP_TYPES } from '../plan/step-kind-names';
import { walkSteps } from '../plan/walk';
import { readStepConfig } from '../step-config/read-step-config';
import { removeAgentConfigField, setAgentConfig } from './agent-config';
import { copySteps, duplicateSteps, pasteSteps } from './clipboard';
import { connect, disconnect } from './connect';
import { createStep } from './create-step';
import { deleteSteps } from './delete';
import type { EditResult, PlanDocument } from './document';
import { addStep } from './insert';
import { stepIdsOf } from './locate';
import { renameStepId } from './rename';
import { addRoute, moveRoute, removeRoute, renameRoute, setGenericAgent, setSubAgentStep, updateRoute } from './routes';
import { demoDocument } from './test-documents';
import { updateStep } from './update-step';

/** mulberry32: a small seeded generator, so a failing sequence can be replayed from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T | undefined => (items.length === 0 ? undefined : items[int(items.length)]);
  return { next, int, pick };
}

type Rng = ReturnType<typeof random>;
type Op = { name: string; run: (doc: PlanDocument) => EditResult<object> };

const WORDS = ['alpha', 'beta', 'gamma', 'Fetch Data', 'Review', 'end', 'draft-report', 'x y', ''];

function randomOp(doc: PlanDocument, rng: Rng): Op {
  const visits = [...walkSteps(doc.plan)];
  const flow = buildFlow(doc.plan);
  const flowIds = [...flow.nodes.keys()];
  const anyId = () => rng.pick(visits)?.step.id ?? 'none';
  const flowId = () => rng.pick(flowIds) ?? 'none';
  const hosts = visits.filter((v) => ['todo_task', 'orchestration', 'routing'].includes(asKnownStep(v.step)?.type ?? '')).map((v) => v.step);
  const host = () => rng.pick(hosts);
  const routeIdsOf = (step: SubAgentStep | undefined) => {
    const known = step && asKnownStep(step);
    const routes =
      known?.type === 'todo_task'
        ? known.predefined_routes
        : known?.type === 'orchestration'
          ? known.orchestration_routes
          : known?.type === 'routing'
            ? known.routes
            : [];
    return (routes ?? []).map((r) => r.route_id);
  };
  const word = () => rng.pick(WORDS) ?? 'w';

  const ops: Array<() => Op> = [
    () => {
      const kind = rng.pick(KNOWN_STEP_TYPES) ?? 'regular';
      const step = createStep(kind, { title: word(), existingIds: stepIdsOf(doc.plan) });
      const conditionals = visits.filter((v) => v.scope !== 'sub_agent' && asKnownStep(v.step)?.type === 'conditional');
      const where = rng.int(3);
      const at =
        where === 0
          ? { after: flowId() }
          : where === 1
            ? { parentId: rng.pick(conditionals)?.step.id ?? 'none', branch: rng.next() < 0.5 ? ('true' as const) : ('false' as const) }
            : { index: rng.int(doc.plan.steps.length + 2) };
      return { name: `addStep ${kind} ${JSON.stringify(at)}`, run: (d) => addStep(d, step, at) };
    },
    () => {
      const source = flowId();
      const handles = flow.edges.filter((e) => e.source === source).map((e) => e.handle);
      const handle = rng.next() < 0.9 ? (rng.pick(handles) ?? 'next') : 'bogus';
      const target = rng.next() < 0.1 ? 'end' : rng.next() < 0.85 ? flowId() : anyId();
      return { name: `connect ${source}:${handle}->${target}`, run: (d) => connect(d, { source, sourceHandle: handle, target }) };
    },
    () => {
      const source = flowId();
      const handle = rng.pick(flow.edges.filter((e) => e.source === source).map((e) => e.handle)) ?? 'next';
      return { name: `disconnect ${source}:${handle}`, run: (d) => disconnect(d, { source, sourceHandle: handle }) };
    },
    () => {
      const ids = [flowId(), ...(rng.next() < 0.3 ? [flowId()] : [])];
      const relink = rng.next() < 0.5 ? ('successor' as const) : ('end' as const);
      return { name: `deleteSteps ${ids} ${relink}`, run: (d) => deleteSteps(d, ids, { relink }) };
    },
    () => {
      const id = anyId();
      const title = word();
      return {
        name: `updateStep ${id} title=${title}`,
        run: (d) => updateStep(d, id, rng.next() < 0.5 ? { title, description: undefined } : (s) => ({ ...s, title })),
      };
    },
    () => {
      const id = anyId();
      const newId = rng.next() < 0.7 ? `${word().toLowerCase().replace(/\W+/g, '-')}-${rng.int(5)}` : anyId();
      return { name: `renameStepId ${id}->${newId}`, run: (d) => renameStepId(d, id, newId) };
    },
    () => {
      const step = host();
      return { name: `addRoute ${step?.id}`, run: (d) => addRoute(d, step?.id ?? 'none', rng.next() < 0.5 ? { routeName: word() } : {}) };
    },
    () => {
      const step = host();
      const routeId = rng.pick(routeIdsOf(step)) ?? 'none';
      return { name: `removeRoute ${step?.id}/${routeId}`, run: (d) => removeRoute(d, step?.id ?? 'none', routeId) };
    },
    () => {
      const step = host();
      const routes = routeIdsOf(step);
      const routeId = rng.pick(routes) ?? 'none';
      const names = rng.next() < 0.5 ? { routeId: rng.pick([...routes, 'fresh', 'next', '']) ?? 'fresh' } : { routeName: word() };
      return { name: `renameRoute ${step?.id}/${routeId} ${JSON.stringify(names)}`, run: (d) => renameRoute(d, step?.id ?? 'none', routeId, names) };
    },
    () => {
      const step = host();
      const count = routeIdsOf(step).length;
      const from = rng.int(count + 1);
      const to = rng.int(count + 1);
      return { name: `moveRoute ${step?.id} ${from}->${to}`, run: (d) => moveRoute(d, step?.id ?? 'none', from, to) };
    },
    () => {
      const step = host();
      const routeId = rng.pick(routeIdsOf(step)) ?? 'none';
      return { name: `updateRoute ${step?.id}/${routeId}`, run: (d) => updateRoute(d, step?.id ?? 'none', routeId, { condition: word() }) };
    },
    () => {
      const step = host();
      const routeId = rng.pick(routeIdsOf(step)) ?? 'none';
      const sub = rng.next() < 0.2 ? null : { id: `${word().toLowerCase().replace(/\W+/g, '-') || 'sub'}-agent-${rng.int(9)}`, title: word() };
      return { name: `setSubAgentStep ${step?.id}/${routeId}`, run: (d) => setSubAgentStep(d, step?.id ?? 'none', routeId, sub) };
    },
    () => {
      const id = host()?.id ?? 'none';
      return { name: `setGenericAgent ${id}`, run: (d) => setGenericAgent(d, id, rng.next() < 0.5) };
    },
    () => {
      const id = anyId();
      const patch =
        rng.next() < 0.5
          ? { execution_max_turns: rng.int(50) - 5 }
          : { execution_llm: { provider: 'openai', model_id: `gpt-${rng.int(5)}` }, declared_execution_mode: 'learn_code' };
      return { name: `setAgentConfig ${id}`, run: (d) => setAgentConfig(d, id, patch) };
    },
    () => {
      const id = anyId();
      return {
        name: `removeAgentConfigField ${id}`,
        run: (d) => removeAgentConfigField(d, id, rng.pick(['execution_llm', 'execution_max_turns', 'unknown']) ?? 'x'),
      };
    },
    () => {
      const ids = [anyId(), anyId()];
      const after = rng.next() < 0.5 ? { after: flowId() } : {};
      return { name: `copy+paste ${ids} ${JSON.stringify(after)}`, run: (d) => pasteSteps(d, copySteps(d, ids), after) };
    },
    () => {
      const ids = [flowId()];
      return { name: `duplicate ${ids}`, run: (d) => duplicateSteps(d, ids) };
    },
    () => {
      // What a form does on save: hands back fresh objects equal in content. Nothing may change.
      const id = anyId();
      return {
        name: `resave ${id}`,
        run: (d) => {
          const result = updateStep(d, id, (s) => JSON.parse(JSON.stringify(s)) as SubAgentStep);
          if (result.ok) expect(result.doc, `resave ${id} changed the document`).toBe(d);
          return result;
        },
      };
    },
  ];
  return (rng.pick(ops) ?? (ops[0] as () => Op))();
}

/** Old steps and step_config entries by id, to check that content-equal ones kept their identity. */
function snapshot(doc: PlanDocument) {
  const steps = new Map<string, { object: object; json: string }>();
  for (const { step } of walkSteps(doc.plan)) steps.set(step.id, { object: step, json: JSON.stringify(step) });
  const entries = new Map<string, { object: object; json: string }>();
  for (const entry of doc.stepConfig?.steps ?? []) entries.set(entry.id, { object: entry, json: JSON.stringify(entry) });
  return { steps, entries };
}

function checkInvariants(before: PlanDocument, after: PlanDocument, label: string) {
  const text = JSON.stringify(after.plan);
  const reread = readPlan(JSON.parse(text));
  expect(reread.ok ? [] : reread.details, `${label}: plan schema`).toEqual([]);
  const ids = [...walkSteps(after.plan)].map((v) => v.step.id);
  expect(ids.length - new Set(ids).size, `${label}: duplicate ids`).toBe(0);
  expect(text, `${label}: view state`).not.toMatch(/"(position|positionAbsolute|measured)"/);
  if (after.stepConfig) {
    const config = readStepConfig(JSON.parse(JSON.stringify(after.stepConfig)));
    expect(config.ok, `${label}: step_config schema`).toBe(true);
    const planIds = new Set(ids);
    const orphans = after.stepConfig.steps.filter((e) => !planIds.has(e.id) && !snapshot(before).entries.has(e.id));
    expect(
      orphans.map((e) => e.id),
      `${label}: new orphaned step_config entries`,
    ).toEqual([]);
  }
  expect(() => checkPlan(after.plan)).not.toThrow();

  const old = snapshot(before);
  for (const { step } of walkSteps(after.plan)) {
    const previous = old.steps.get(step.id);
    if (previous && previous.json === JSON.stringify(step)) expect(step, `${label}: step ${step.id} lost its identity`).toBe(previous.object);
  }
  for (const entry of after.stepConfig?.steps ?? []) {
    const previous = old.entries.get(entry.id);
    if (previous && previous.json === JSON.stringify(entry)) expect(entry, `${label}: config entry ${entry.id} lost its identity`).toBe(previous.object);
  }
}

describe('random edit sequences on the demo workflow', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('seed %i keeps the documents valid, ids unique and unchanged parts identical', (seed) => {
    const rng = random(seed);
    let doc = demoDocument();
    const original = JSON.stringify(doc);
    const start = doc;
    let applied = 0;
    let refused = 0;
    const log: string[] = [];
    for (let i = 0; i < 120; i++) {
      const op = randomOp(doc, rng);
      const result = op.run(doc);
      const label = `seed ${seed} op ${i} ${op.name}\n  after: ${log.slice(-5).join('\n  ')}`;
      if (!result.ok) {
        expect(result.reason.length, label).toBeGreaterThan(0);
        refused++;
        continue;
      }
      checkInvariants(doc, result.doc, label);
      log.push(op.name);
      if (result.doc !== doc) applied++;
      doc = result.doc;
    }
    // The edits are pure: the starting document is untouched.
    expect(JSON.stringify(start)).toBe(original);
    // Guards against a sequence that only ever gets refused (which would prove nothing).
    expect(applied).toBeGreaterThan(40);
    expect(refused).toBeGreaterThan(0);
  });
});
