import { readFile } from 'node:fs/promises';
import type { BranchStep, FlowNode } from '@planvas/shared';
import type { BranchValueMiss } from '../providers/provider';
import type { RunContext } from '../run-context';
import { choose } from '../agent-calls';
import { emitStatus } from '../step-status-events';
import type { StepPosition } from '../step-position';
import { fileInside, parseCheckPath, valueAtPath } from '../validation';

/**
 * A branch step (agentworks). Value-driven when it says where its value is: `value_path` read from
 * the JSON file `route_source_file` in the run's execution folder, looked up in `value_cases`
 * (value -> a route id, or the next_step_id of exactly one route). Else, or when the value has no
 * case, the default route; a branch without either asks the provider, as routing does, and tells
 * it why the value did not decide (so a model knows the path and the cases). The answer is the
 * handle of the route taken.
 */
export async function runBranchStep(ctx: RunContext, node: FlowNode, position: StepPosition): Promise<string> {
  const step = node.step as BranchStep;
  const routes = step.routes ?? [];
  emitStatus(ctx, step, position, 'evaluating');
  await ctx.pace();
  const outcome = await valueDrivenRoute(ctx, step);
  if (outcome && 'picked' in outcome) {
    const { picked } = outcome;
    ctx.emit({ type: 'branch_value', data: { step_id: step.id, value: picked.value, route_id: picked.routeId, source: picked.source } });
    return picked.routeId;
  }
  if (step.default_route_id && routes.some((r) => r.route_id === step.default_route_id)) return step.default_route_id;
  const choice = await choose(ctx, {
    stepId: step.id,
    kind: 'branch',
    question: step.branch_question ?? step.description ?? '',
    options: routes.map((r) => ({ id: r.route_id, label: r.route_name ?? r.route_id, ...(r.condition ? { condition: r.condition } : {}) })),
    ...(outcome ? { valueMiss: outcome.miss } : {}),
  });
  return choice.id;
}

/** `{{input.answer}}`, `{{steps.x.output.answer}}` and `answer` all read `answer` of the file. */
function pathInFile(valuePath: string): string {
  const inner = valuePath
    .trim()
    .replace(/^\{\{\s*/, '')
    .replace(/\s*\}\}$/, '');
  return inner.replace(/^input\./, '').replace(/^steps\.[^.]+\.output\./, '');
}

type ValueOutcome = { picked: { value: string; routeId: string; source: string } } | { miss: BranchValueMiss };

/**
 * The route a value-driven branch picks, or why it picks none; undefined for a branch that is not
 * value-driven (neither value_path nor value_cases). Every miss falls back the same way (the
 * default route, else the provider); the reason is only said, never acted on.
 */
async function valueDrivenRoute(ctx: RunContext, step: BranchStep): Promise<ValueOutcome | undefined> {
  const cases = step.value_cases;
  if (!step.value_path && !cases) return undefined;
  const source = step.route_source_file || undefined;
  const miss = (reason: string, value?: string): ValueOutcome => ({
    miss: {
      ...(step.value_path ? { valuePath: step.value_path } : {}),
      ...(source ? { sourceFile: source } : {}),
      cases: { ...(cases ?? {}) },
      reason,
      ...(value !== undefined ? { value } : {}),
    },
  });
  if (!step.value_path) return miss('the step has value_cases but no value_path');
  if (!cases) return miss('the step has a value_path but no value_cases');
  if (!source)
    return miss(
      step.route_source != null
        ? 'the value source is given inline (route_source), which planvas does not read'
        : 'no route_source_file names the file that holds the value',
    );
  const file = fileInside(ctx.paths.executionDir, source);
  if (!file) return miss(`route_source_file "${source}" is not a file inside the execution folder`);
  const inFile = pathInFile(step.value_path);
  const tokens = parseCheckPath(inFile);
  if (!tokens) return miss(`value_path "${step.value_path}" is not a path planvas can read`);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return miss(`${source} could not be read (no step has written it yet, or it is unreadable)`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return miss(`${source} is not JSON`);
  }
  const found = valueAtPath(parsed, tokens);
  if (found === undefined) return miss(`${source} has no value at "${inFile}"`);
  // null stays a value ("null"), as it always was; an object or a list is not one.
  if (typeof found === 'object' && found !== null) return miss(`the value at "${inFile}" in ${source} is an object or a list, not a single value`);
  const value = String(found);
  if (!Object.prototype.hasOwnProperty.call(cases, value)) return miss(`the value "${value}" has no case in value_cases`, value);
  const choice = cases[value] as string;
  const routes = step.routes ?? [];
  const byId = routes.find((r) => r.route_id === choice);
  const byTarget = routes.filter((r) => r.next_step_id === choice);
  const route = byId ?? (byTarget.length === 1 ? byTarget[0] : undefined);
  if (!route) return miss(`value_cases maps "${value}" to "${choice}", which is neither a route id nor the next step of exactly one route`, value);
  return { picked: { value, routeId: route.route_id, source } };
}
