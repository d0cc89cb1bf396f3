import { formatJsonPath } from '../errors/error-details';
import type { PathSegment } from './walk';

/**
 * Steps without an `id` (the oldest files have them) get a display id: the JSONPath of where the
 * step sits in the file as read, e.g. `$.steps[2]` or `$.steps[1].predefined_routes[0].sub_agent_step`.
 * It is unique by construction, stable for as long as the file is not reordered, and can never be a
 * real id planvas writes (new ids start with a letter or digit). It lives only in memory: the writer
 * drops every id that starts with `$` (see `planForFile`), so an id-less step stays id-less on disk.
 */
export const DISPLAY_ID_PREFIX = '$';

export function isDisplayId(id: unknown): boolean {
  return typeof id === 'string' && id.startsWith(DISPLAY_ID_PREFIX);
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Where nested steps live in a step: branch lists and route sub-agent steps. */
const NESTED_LISTS = ['if_true_steps', 'if_false_steps'] as const;
const ROUTE_LISTS = ['predefined_routes', 'orchestration_routes'] as const;

/**
 * Maps every step of a plan value (parsed JSON, before validation) through `fn`, copying only what
 * changes. `fn` answers the step to keep (itself when unchanged).
 */
function mapSteps(raw: unknown, fn: (step: Json, path: PathSegment[]) => Json): unknown {
  if (!isObject(raw)) return raw;
  const mapStep = (step: unknown, path: PathSegment[]): unknown => {
    if (!isObject(step)) return step;
    let out = fn(step, path);
    const set = (key: string, value: unknown) => {
      if (value === out[key]) return;
      if (out === step) out = { ...step };
      out[key] = value;
    };
    for (const key of NESTED_LISTS) if (Array.isArray(out[key])) set(key, mapList(out[key] as unknown[], [...path, key]));
    for (const key of ROUTE_LISTS) {
      const routes = out[key];
      if (!Array.isArray(routes)) continue;
      const next = routes.map((route, r) => {
        if (!isObject(route) || !isObject(route.sub_agent_step)) return route;
        const sub = mapStep(route.sub_agent_step, [...path, key, r, 'sub_agent_step']);
        return sub === route.sub_agent_step ? route : { ...route, sub_agent_step: sub };
      });
      if (next.some((r, i) => r !== routes[i])) set(key, next);
    }
    return out;
  };
  const mapList = (list: unknown[], base: PathSegment[]): unknown[] => {
    const next = list.map((step, i) => mapStep(step, [...base, i]));
    return next.some((s, i) => s !== list[i]) ? next : list;
  };
  let plan = raw;
  for (const key of ['steps', 'orphan_steps'] as const) {
    const list = raw[key];
    if (!Array.isArray(list)) continue;
    const next = mapList(list, [key]);
    if (next !== list) plan = { ...plan, [key]: next };
  }
  return plan;
}

/**
 * Whether any step of a plan value passes `test`. Read-only and allocation-free: saves of big plans
 * ask it first, since nearly every plan has neither id-less steps nor display ids to drop.
 */
function someStep(raw: unknown, test: (step: Json) => boolean): boolean {
  return isObject(raw) && (someInList(raw.steps, test) || someInList(raw.orphan_steps, test));
}

function someInList(list: unknown, test: (step: Json) => boolean): boolean {
  if (!Array.isArray(list)) return false;
  for (const step of list) if (someInStep(step, test)) return true;
  return false;
}

function someInStep(step: unknown, test: (step: Json) => boolean): boolean {
  if (!isObject(step)) return false;
  if (test(step)) return true;
  for (const key of NESTED_LISTS) if (someInList(step[key], test)) return true;
  for (const key of ROUTE_LISTS) {
    const routes = step[key];
    if (!Array.isArray(routes)) continue;
    for (const route of routes) if (isObject(route) && someInStep(route.sub_agent_step, test)) return true;
  }
  return false;
}

const lacksId = (step: Json) => step.id === undefined || step.id === null || step.id === '';
const hasDisplayId = (step: Json) => isDisplayId(step.id);

/** Gives every id-less step its display id; answers the new value and the paths of those steps. */
export function withDisplayIds(raw: unknown): { value: unknown; missing: PathSegment[][] } {
  const missing: PathSegment[][] = [];
  if (!someStep(raw, lacksId)) return { value: raw, missing };
  const value = mapSteps(raw, (step, path) => {
    if (typeof step.id === 'string' && step.id !== '') return step;
    if (step.id !== undefined && step.id !== null && step.id !== '') return step; // a wrong type is the schema's to report
    missing.push(path);
    return { ...step, id: formatJsonPath(path) };
  });
  return { value, missing };
}

/** The plan as it goes to disk: display ids dropped (an id-less step stays id-less). */
export function planForFile<T>(plan: T): T {
  if (!someStep(plan, hasDisplayId)) return plan;
  return mapSteps(plan, (step) => {
    if (!isDisplayId(step.id)) return step;
    const { id: _dropped, ...rest } = step;
    return rest;
  }) as T;
}
