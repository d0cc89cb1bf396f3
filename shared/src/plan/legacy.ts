import { formatJsonPath } from '../errors/error-details';
import type { PathSegment } from './walk';

/** Fields the legacy inner `todo_task_step` carried (docs/formats.md "Migrating old plans"). */
export const PROMOTED_FIELDS = ['description', 'success_criteria', 'context_dependencies', 'context_output', 'validation_schema'] as const;

export interface LegacyPromotion {
  /** JSONPath of the promoted todo_task step. */
  path: string;
  outerId: string;
  /** The old inner step id: its step_config entry and learnings folder are now orphaned. */
  innerId?: string;
  /** Fields copied from the inner step because the outer one was empty. */
  promoted: string[];
}

export interface PromotionResult {
  value: unknown;
  legacy: boolean;
  promotions: LegacyPromotion[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Python's truthiness, which the seed's migration script uses for "outer field is empty". */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === false || value === 0) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isObject(value)) return Object.keys(value).length === 0;
  return false;
}

/**
 * Reads a legacy nested todo_task as the flat form, as the seed system's unmarshal does: inner
 * fields fill only empty outer fields, `todo_task_step` is dropped, and this recurses into routes'
 * sub-agent steps and conditional branches. Pure: the input is not modified.
 */
export function promoteLegacyPlan(raw: unknown): PromotionResult {
  const promotions: LegacyPromotion[] = [];
  // Nearly every plan is flat: a read-only look spares the copying walk on every save.
  if (!isObject(raw) || !hasLegacyStep(raw)) return { value: raw, legacy: false, promotions };
  const value: Json = { ...raw };
  for (const key of ['steps', 'orphan_steps'] as const) {
    const list = raw[key];
    if (Array.isArray(list)) value[key] = list.map((step, i) => promoteStep(step, [key, i], promotions));
  }
  return { value: promotions.length > 0 ? value : raw, legacy: promotions.length > 0, promotions };
}

function promoteStep(raw: unknown, path: PathSegment[], promotions: LegacyPromotion[]): unknown {
  if (!isObject(raw)) return raw;
  let step = raw;
  const copy = () => (step === raw ? (step = { ...raw }) : step);
  if (raw.type === 'todo_task' && 'todo_task_step' in raw) {
    const inner = raw.todo_task_step;
    const s = copy();
    const promoted: string[] = [];
    if (isObject(inner)) {
      for (const field of PROMOTED_FIELDS) {
        if (isEmpty(s[field]) && field in inner) {
          s[field] = inner[field];
          promoted.push(field);
        }
      }
    }
    delete s.todo_task_step;
    const innerId = isObject(inner) && typeof inner.id === 'string' && inner.id !== raw.id ? inner.id : undefined;
    promotions.push({ path: formatJsonPath(path), outerId: String(raw.id ?? ''), ...(innerId ? { innerId } : {}), promoted });
  }
  for (const field of ['predefined_routes', 'orchestration_routes'] as const) {
    const routes = raw[field];
    if (!Array.isArray(routes)) continue;
    const next = routes.map((route, r) => {
      if (!isObject(route) || !('sub_agent_step' in route)) return route;
      const sub = promoteStep(route.sub_agent_step, [...path, field, r, 'sub_agent_step'], promotions);
      return sub === route.sub_agent_step ? route : { ...route, sub_agent_step: sub };
    });
    if (next.some((r, i) => r !== routes[i])) copy()[field] = next;
  }
  for (const field of ['if_true_steps', 'if_false_steps'] as const) {
    const list = raw[field];
    if (!Array.isArray(list)) continue;
    const next = list.map((s, i) => promoteStep(s, [...path, field, i], promotions));
    if (next.some((s, i) => s !== list[i])) copy()[field] = next;
  }
  return step;
}

/** Whether a nested todo_task (`todo_task_step`) appears anywhere: steps, branches, routes' sub-agents. */
function hasLegacyStep(raw: Json): boolean {
  return legacyInList(raw.steps) || legacyInList(raw.orphan_steps);
}

function legacyInList(list: unknown): boolean {
  if (!Array.isArray(list)) return false;
  for (const step of list) if (legacyInStep(step)) return true;
  return false;
}

function legacyInStep(step: unknown): boolean {
  if (!isObject(step)) return false;
  if (step.type === 'todo_task' && 'todo_task_step' in step) return true;
  for (const field of ['predefined_routes', 'orchestration_routes'] as const) {
    const routes = step[field];
    if (!Array.isArray(routes)) continue;
    for (const route of routes) if (isObject(route) && legacyInStep(route.sub_agent_step)) return true;
  }
  return legacyInList(step.if_true_steps) || legacyInList(step.if_false_steps);
}
