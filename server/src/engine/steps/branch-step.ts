import { readFile } from 'node:fs/promises';
import type { BranchStep, FlowNode } from '@planvas/shared';
import type { RunContext } from '../run-context';
import { choose } from '../simple-steps';
import { emitStatus } from '../step-helpers';
import type { StepPosition } from '../step-position';
import { fileInside, parseCheckPath, valueAtPath } from '../validation';

/**
 * A branch step (agentworks). Value-driven when it says where its value is: `value_path` read from
 * the JSON file `route_source_file` in the run's execution folder, looked up in `value_cases`
 * (value -> a route id, or the next_step_id of exactly one route). Else, or when the value has no
 * case, the default route; a branch without either asks the provider, as routing does. The
 * answer is the handle of the route taken.
 */
export async function runBranchStep(ctx: RunContext, node: FlowNode, position: StepPosition): Promise<string> {
  const step = node.step as BranchStep;
  const routes = step.routes ?? [];
  emitStatus(ctx, step, position, 'evaluating');
  await ctx.pace();
  const picked = await valueDrivenRoute(ctx, step);
  if (picked) {
    ctx.emit({ type: 'branch_value', data: { step_id: step.id, value: picked.value, route_id: picked.routeId, source: picked.source } });
    return picked.routeId;
  }
  if (step.default_route_id && routes.some((r) => r.route_id === step.default_route_id)) return step.default_route_id;
  const choice = await choose(ctx, {
    stepId: step.id,
    kind: 'routing',
    question: step.branch_question ?? step.description ?? '',
    options: routes.map((r) => ({ id: r.route_id, label: r.route_name ?? r.route_id, ...(r.condition ? { condition: r.condition } : {}) })),
  });
  return choice.id;
}

/** `{{input.answer}}`, `{{steps.x.output.answer}}` and `answer` all read `answer` of the file. */
function pathInFile(valuePath: string): string {
  const inner = valuePath.trim().replace(/^\{\{\s*/, '').replace(/\s*\}\}$/, '');
  return inner.replace(/^input\./, '').replace(/^steps\.[^.]+\.output\./, '');
}

async function valueDrivenRoute(ctx: RunContext, step: BranchStep): Promise<{ value: string; routeId: string; source: string } | undefined> {
  const cases = step.value_cases;
  if (!step.value_path || !step.route_source_file || !cases) return undefined;
  const file = fileInside(ctx.paths.executionDir, step.route_source_file);
  const tokens = parseCheckPath(pathInFile(step.value_path));
  if (!file || !tokens) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
  const found = valueAtPath(parsed, tokens);
  if (found === undefined || (typeof found === 'object' && found !== null)) return undefined;
  const value = String(found);
  if (!Object.prototype.hasOwnProperty.call(cases, value)) return undefined;
  const choice = cases[value] as string;
  const routes = step.routes ?? [];
  const byId = routes.find((r) => r.route_id === choice);
  const byTarget = routes.filter((r) => r.next_step_id === choice);
  const route = byId ?? (byTarget.length === 1 ? byTarget[0] : undefined);
  return route ? { value, routeId: route.route_id, source: step.route_source_file } : undefined;
}
