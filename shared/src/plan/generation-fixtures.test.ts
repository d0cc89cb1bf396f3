import { describe, expect, it } from 'vitest';
import { formatJsonPath } from '../errors/error-details';
import { parseJsonSource, stringifyPreserving } from '../json-format';
import { checkStepConfig, isReservedStepConfigId, readStepConfig } from '../step-config';
import {
  GENERATION_FIXTURES,
  GENERATION_FIXTURES_WITH_STEP_CONFIG,
  generationFixtureJson,
  generationFixtureText,
  type GenerationFixture,
} from '../test-support/generation-fixtures';
import { checkPlan } from './checks';
import { isDisplayId, planForFile } from './display-ids';
import type { Generation } from './generations';
import type { Plan } from './plan';
import { readPlan } from './read-plan';
import { stepKind } from './step';
import { walkSteps } from './walk';

/**
 * What each fixture of fixtures/generations must give. `problems` is the exact set of
 * `code path` that checkPlan reports; each one is something the fixture's real Go loader rejects
 * (or, for `info`, a notice about a name its writers no longer write). See fixtures/README.md.
 */
interface Expected {
  /** Paths of readPlan's schema details; empty when the plan parses. */
  schema: string[];
  generation: Generation;
  problems: string[];
  /** Exact `code path` of checkStepConfig; undefined when the fixture has no step_config.json. */
  stepConfig?: string[];
}

const EXPECTED: Record<GenerationFixture, Expected> = {
  LoopTabsHugged: { schema: [], generation: 'loop', problems: [], stepConfig: [] },
  // agentworks reads todo_task as orchestrator (a notice, not an error).
  AgentworksCompact: { schema: [], generation: 'agentworks', problems: ['legacy_step_kind $.steps[4].type'], stepConfig: [] },
  AgentworksKeysOnLine: { schema: [], generation: 'agentworks', problems: [] },
  AgentItems: { schema: [], generation: 'agent', problems: [], stepConfig: [] },
  OldestIdless: {
    schema: [],
    generation: 'seed',
    problems: ['missing_step_id $.steps[0].id', 'missing_step_id $.steps[1].id', 'missing_step_id $.steps[3].id'],
  },
  ProblemsOnDisk: {
    schema: ['$.steps[0].title', '$.steps[2].routes'],
    generation: 'loop',
    problems: [
      // validateStepIDUniqueness: one namespace over steps, orphan_steps and route sub-agents.
      'duplicate_step_id $.orphan_steps[0].id',
      // resolvePlanOrphanStepRefs: "escalation-playbook" is shared with follow-up only.
      'orphan_not_shared $.steps[1].predefined_routes[1].orphan_step_ref',
      // validateNextStepIDReferences: "archive-case" names no step.
      'unknown_target $.steps[4].next_step_id',
    ],
    // An entry for a deleted step.
    stepConfig: ['orphan_step_config $.steps[2]'],
  },
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function textOf(name: GenerationFixture): string {
  const text = generationFixtureText(name, 'plan.json');
  if (text === undefined) throw new Error(`${name} has no plan.json`);
  return text;
}

/** The plan readPlan answers: the valid plan, or the partial one of a file that breaks the schema. */
function planOf(name: GenerationFixture): Plan {
  const result = readPlan(generationFixtureJson(name, 'plan.json'));
  const plan = result.ok ? result.plan : result.partial;
  if (!plan) throw new Error(`${name}: readPlan answered no plan at all`);
  return plan;
}

const codesOf = (plan: Plan) =>
  checkPlan(plan)
    .map((p) => `${p.code} ${p.path}`)
    .sort();

/** Every step object of a raw plan value (steps, orphans, branches, sub-agents) with its path and `type` as written. */
function typesOf(raw: unknown): Array<[string, string | undefined, boolean]> {
  const out: Array<[string, string | undefined, boolean]> = [];
  const visit = (step: unknown, path: string) => {
    if (!isObject(step)) return;
    out.push([path, typeof step.type === 'string' ? step.type : undefined, 'type' in step]);
    for (const field of ['if_true_steps', 'if_false_steps'] as const) {
      const list = step[field];
      if (Array.isArray(list)) list.forEach((s, i) => visit(s, `${path}.${field}[${i}]`));
    }
    for (const field of ['predefined_routes', 'orchestration_routes'] as const) {
      const routes = step[field];
      if (Array.isArray(routes)) routes.forEach((r, i) => isObject(r) && visit(r.sub_agent_step, `${path}.${field}[${i}].sub_agent_step`));
    }
  };
  if (isObject(raw)) {
    for (const key of ['steps', 'orphan_steps'] as const) {
      const list = raw[key];
      if (Array.isArray(list)) list.forEach((s, i) => visit(s, `$.${key}[${i}]`));
    }
  }
  return out;
}

/** Lines of `after` that differ from `before` (undefined when the line counts differ). */
function changedLines(before: string, after: string): string[] | undefined {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length !== b.length) return undefined;
  return b.filter((line, i) => line !== a[i]);
}

/** How many lines `before` and `after` share at the start and, not overlapping, at the end. */
function sharedEnds(before: string[], after: string[]): { prefix: number; suffix: number } {
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (suffix < before.length - prefix && suffix < after.length - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) {
    suffix++;
  }
  return { prefix, suffix };
}

describe.each(GENERATION_FIXTURES)('fixtures/generations/%s', (name) => {
  const expected = EXPECTED[name];

  it('is valid JSON', () => {
    expect(() => JSON.parse(textOf(name))).not.toThrow();
    const config = generationFixtureText(name, 'step_config.json');
    if (config !== undefined) expect(() => JSON.parse(config)).not.toThrow();
  });

  it(expected.schema.length === 0 ? 'reads as a valid plan' : 'reads as a partial plan with the exact schema details', () => {
    const result = readPlan(generationFixtureJson(name, 'plan.json'));
    if (expected.schema.length === 0) {
      expect(result.ok ? [] : result.details).toEqual([]);
      expect(result.ok).toBe(true);
    } else {
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.details.map((d) => d.path).sort()).toEqual([...expected.schema].sort());
      expect(result.partial).toBeDefined();
    }
  });

  it(`is detected as generation "${expected.generation}"`, () => {
    const result = readPlan(generationFixtureJson(name, 'plan.json'));
    expect(result.generation?.generation).toBe(expected.generation);
  });

  it('gives exactly the expected problems', () => {
    expect(codesOf(planOf(name))).toEqual([...expected.problems].sort());
  });

  it('gives the same problems when the generation is passed explicitly', () => {
    const plan = planOf(name);
    expect(checkPlan(plan, { generation: expected.generation })).toEqual(checkPlan(plan));
  });

  it('keeps every step type as written (absent types stay absent)', () => {
    const raw = generationFixtureJson(name, 'plan.json');
    expect(typesOf(planForFile(planOf(name)))).toEqual(typesOf(raw));
  });

  if (expected.stepConfig !== undefined) {
    const stepConfig = expected.stepConfig;
    it('reads its step_config.json and gives exactly the expected step_config problems', () => {
      const read = readStepConfig(generationFixtureJson(name, 'step_config.json'));
      expect(read.ok ? [] : read.details).toEqual([]);
      if (!read.ok) return;
      const result = readPlan(generationFixtureJson(name, 'plan.json'));
      const found = checkStepConfig(planOf(name), read.config, { form: read.form, promotions: result.promotions });
      expect(found.map((p) => `${p.code} ${p.path}`)).toEqual(stepConfig);
      // Reserved `__…__` entries match no step by design and are never orphans.
      const reserved = read.config.steps.filter((entry) => isReservedStepConfigId(entry.id)).map((entry) => entry.id);
      for (const id of reserved) expect(found.filter((p) => p.stepId === id)).toEqual([]);
    });
  }
});

describe('true and false cases, by the Go loaders', () => {
  it('has a step_config.json exactly where the README says', () => {
    expect([...GENERATION_FIXTURES_WITH_STEP_CONFIG].sort()).toEqual(['AgentItems', 'AgentworksCompact', 'LoopTabsHugged', 'ProblemsOnDisk']);
  });

  it('reserved step_config ids (__evaluation_scoring__, __workflow_drift_review__) are present and not orphans', () => {
    const ids = (name: GenerationFixture) => {
      const read = readStepConfig(generationFixtureJson(name, 'step_config.json'));
      return read.ok ? read.config.steps.map((e) => e.id) : [];
    };
    expect(ids('LoopTabsHugged')).toContain('__evaluation_scoring__');
    expect(ids('AgentworksCompact')).toContain('__workflow_drift_review__');
    expect(ids('AgentItems')).toContain('__workflow_drift_review__');
  });

  it('no todo_task_no_agents outside the seed: a todo_task without routes is generic-agent-only (LoopTabsHugged)', () => {
    const plan = planOf('LoopTabsHugged');
    const step = plan.steps.find((s) => s.id === 'tag-followups') as Json | undefined;
    expect(step?.type).toBe('todo_task');
    expect(step?.predefined_routes).toBeUndefined();
    expect(step?.enable_generic_agent).toBeUndefined();
    expect(checkPlan(plan).filter((p) => p.code === 'todo_task_no_agents')).toEqual([]);
    // The seed's rule is the only one that asks for it.
    expect(checkPlan(plan, { generation: 'seed' }).map((p) => `${p.code} ${p.path}`)).toContain('todo_task_no_agents $.steps[5].predefined_routes');
  });

  it('an orphan_step_ref to an orphan shared with the referring step is no problem', () => {
    for (const name of ['LoopTabsHugged', 'AgentItems', 'ProblemsOnDisk'] as const) {
      const plan = planOf(name);
      const refs = walkRefs(plan);
      expect(refs.length).toBeGreaterThan(0);
      const flagged = new Set(
        checkPlan(plan)
          .filter((p) => p.code === 'orphan_not_shared' || p.code === 'unknown_orphan_ref' || p.code === 'unknown_shared_with')
          .map((p) => p.path),
      );
      const shared = refs.filter((r) => r.shared);
      expect(shared.length).toBeGreaterThan(0);
      for (const ref of shared) expect(flagged.has(ref.path)).toBe(false);
    }
  });

  it('the shared_with list is orchestrator_ids in coding-agent-loop and agent_ids in the agent generation', () => {
    const sharedWith = (name: GenerationFixture) => (planOf(name).orphan_steps ?? []).map((s) => Object.keys((s as Json).shared_with ?? {})).flat();
    expect(sharedWith('LoopTabsHugged')).toEqual(['orchestrator_ids']);
    expect(sharedWith('AgentItems')).toEqual(['agent_ids']);
  });

  it('sub-agent ids equal their route ids where the loader wants it (no sub_agent_id_mismatch)', () => {
    for (const name of ['LoopTabsHugged', 'AgentworksCompact', 'AgentworksKeysOnLine', 'AgentItems'] as const) {
      const subs = [...walkSteps(planOf(name))].filter((v) => v.scope === 'sub_agent');
      expect(subs.length).toBeGreaterThan(0);
      for (const visit of subs) expect(visit.step.id).toBe(visit.routeId);
    }
  });

  it('untyped steps are regular and stay untyped (OldestIdless; the untyped sub-agent of AgentworksCompact)', () => {
    const old = planOf('OldestIdless');
    expect(old.steps.map((s) => ('type' in s ? s.type : undefined))).toEqual([undefined, undefined, 'regular', undefined]);
    expect(old.steps.map((s) => stepKind(s))).toEqual(['regular', 'regular', 'regular', 'regular']);
    const sub = [...walkSteps(planOf('AgentworksCompact'))].find((v) => v.step.id === 'address-fix');
    expect(sub?.scope).toBe('sub_agent');
    expect(sub && 'type' in sub.step).toBe(false);
    expect(sub && stepKind(sub.step)).toBe('regular');
  });

  it('id-less steps get display ids in memory, missing_step_id each, and no id on disk', () => {
    const plan = planOf('OldestIdless');
    expect(plan.steps.map((s) => s.id)).toEqual(['$.steps[0]', '$.steps[1]', 'review-update', '$.steps[3]']);
    const missing = checkPlan(plan).filter((p) => p.code === 'missing_step_id');
    expect(missing.map((p) => [p.stepId, p.severity])).toEqual([
      ['$.steps[0]', 'error'],
      ['$.steps[1]', 'error'],
      ['$.steps[3]', 'error'],
    ]);
    const onDisk = planForFile(plan);
    expect(onDisk.steps.map((s) => ('id' in s ? s.id : undefined))).toEqual([undefined, undefined, 'review-update', undefined]);
    expect(onDisk.steps.some((s) => isDisplayId((s as Json).id))).toBe(false);
  });

  it('types are never changed: todo_task in agentworks, message_sequence and todo_task in coding-agent-loop', () => {
    const types = (name: GenerationFixture) => planOf(name).steps.map((s) => (s as Json).type);
    expect(types('AgentworksCompact')).toEqual(['regular', 'orchestrator', 'branch', 'crew', 'todo_task', 'regular']);
    expect(types('LoopTabsHugged')).toEqual(['regular', 'todo_task', 'message_sequence', 'human_input', 'regular', 'todo_task']);
    expect(types('AgentItems')).toEqual(['agent', 'agent', 'human_input', 'regular']);
  });

  it('a value case may name a route id or the next step of exactly one route (AgentworksCompact)', () => {
    const branch = planOf('AgentworksCompact').steps[2] as Json;
    expect(branch.value_cases).toEqual({ express: 'expedite', ground: 'standard', overnight: 'expedite-crew' });
    expect(checkPlan(planOf('AgentworksCompact')).filter((p) => p.code === 'unknown_case_route')).toEqual([]);
  });

  it('a file that breaks the schema still gets its graph problems, each at its own field (ProblemsOnDisk)', () => {
    const result = readPlan(generationFixtureJson('ProblemsOnDisk', 'plan.json'));
    expect(result.ok).toBe(false);
    const problems = checkPlan(planOf('ProblemsOnDisk'));
    expect(problems.every((p) => p.severity === 'error')).toBe(true);
    expect(problems.map((p) => p.stepId).sort()).toEqual(['close-case', 'lookup', 'triage']);
  });
});

/** Every route that refers to an orphan step, with whether that orphan is shared with the referring step. */
function walkRefs(plan: Plan): Array<{ path: string; shared: boolean }> {
  const orphans = new Map((plan.orphan_steps ?? []).map((s) => [s.id, s as Json]));
  const out: Array<{ path: string; shared: boolean }> = [];
  for (const { step, path } of walkSteps(plan)) {
    const routes = (step as Json).predefined_routes;
    if (!Array.isArray(routes)) continue;
    routes.forEach((route, r) => {
      if (!isObject(route) || typeof route.orphan_step_ref !== 'string') return;
      const sharedWith = orphans.get(route.orphan_step_ref)?.shared_with as Json | undefined;
      const ids = [...((sharedWith?.orchestrator_ids as string[] | undefined) ?? []), ...((sharedWith?.agent_ids as string[] | undefined) ?? [])];
      out.push({ path: formatJsonPath([...path, 'predefined_routes', r, 'orphan_step_ref']), shared: ids.includes(step.id) });
    });
  }
  return out;
}

describe.each(GENERATION_FIXTURES)('round trip of fixtures/generations/%s', (name) => {
  const text = textOf(name);
  const source = parseJsonSource(text);
  const fileValue = () => structuredClone(planForFile(planOf(name))) as Json & { steps: Json[] };

  it('an unchanged value is written back as the text itself', () => {
    expect(stringifyPreserving(planForFile(planOf(name)), source)).toBe(text);
  });

  it('one changed title is a one-line diff', () => {
    const value = fileValue();
    const step = [...value.steps].reverse().find((s) => typeof s.title === 'string');
    if (!step) throw new Error('no step with a string title');
    step.title = `${step.title as string} (edited)`;
    const after = stringifyPreserving(value, source);
    const changed = changedLines(text, after);
    expect(changed).toHaveLength(1);
    expect(changed?.[0]).toContain('(edited)');
    expect(JSON.parse(after)).toEqual(value);
    expect(typesOf(JSON.parse(after))).toEqual(typesOf(JSON.parse(text)));
  });

  it('a step added at the end of steps leaves every line outside the insertion unchanged', () => {
    const value = fileValue();
    value.steps.push({ type: 'regular', id: 'added-step', title: 'Added step', description: 'Added by the round-trip test.' });
    const after = stringifyPreserving(value, source);
    expect(JSON.parse(after)).toEqual(value);
    const before = text.split('\n');
    const lines = after.split('\n');
    const { prefix, suffix } = sharedEnds(before, lines);
    // At most one line of the file holds the insertion point (a compact or hugged `}]`, or the
    // last step's closing brace that gains a comma); every other line is kept as it was.
    expect(prefix + suffix).toBeGreaterThanOrEqual(before.length - 1);
    expect(lines.slice(prefix, lines.length - suffix).join('\n')).toContain('"added-step"');
    // Line ends stay what the file uses.
    expect(after.includes('\r\n')).toBe(text.includes('\r\n'));
    if (text.includes('\r\n')) expect(after.replace(/\r\n/g, '')).not.toContain('\n');
    expect(after.endsWith('\n')).toBe(text.endsWith('\n'));
    // Types as written: the old steps' types (and absent types) unchanged, the new step's as given.
    const typesAfter = typesOf(JSON.parse(after));
    const typesBefore = typesOf(JSON.parse(text));
    const stepCount = value.steps.length - 1;
    const newPath = `$.steps[${stepCount}]`;
    expect(typesAfter.filter(([path]) => path !== newPath)).toEqual(typesBefore);
    expect(typesAfter.find(([path]) => path === newPath)).toEqual([newPath, 'regular', true]);
  });
});
