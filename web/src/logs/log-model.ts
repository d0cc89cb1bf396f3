import {
  groupEventsByIteration,
  isEvent,
  isTodoItemEventType,
  knownEvent,
  type IterationGroup,
  type IterationGrouping,
  type PlanvasEvent,
  type TodoTaskRouteSelected,
} from '@planvas/shared';

/**
 * What the execution-logs popup reads from events, kept apart from the components so it is cheap
 * to test and shared by the timeline, the previous runs and the compare view.
 */

export type LogGroup = IterationGroup<PlanvasEvent>;

export type LogFilters = {
  search: string;
  /** A route id, `generic`, or '' for any. */
  route: string;
  /** `delegate` | `complete` | `continue`, or '' for any. */
  action: string;
  /** A todo status an item event of the iteration leads to, or '' for any. */
  todoStatus: string;
};

export const NO_FILTERS: LogFilters = { search: '', route: '', action: '', todoStatus: '' };

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** What the popup reads of a decision (a todo_task_route_selected payload, or part of one). */
export type DecisionFields = Partial<TodoTaskRouteSelected>;

/** A decision's payload, when the event is a route-selected event whose payload passed its schema. */
export function decisionOf(event: PlanvasEvent): TodoTaskRouteSelected | undefined {
  return isEvent(event, 'todo_task_route_selected') ? event.data : undefined;
}

/** The agent a decision delegated to: the route's name, or "Generic Agent". */
export function agentLabel(data: DecisionFields | undefined): string | undefined {
  if (!data) return undefined;
  if (data.use_generic_agent === true) return 'Generic Agent';
  const route = text(data.selected_route_name) ?? text(data.selected_route_id);
  if (route) return route;
  return data.next_action === 'delegate' ? 'Generic Agent' : undefined;
}

/** Filter key of a decision's agent: the route id, or `generic`. */
export function routeKey(data: DecisionFields | undefined): string | undefined {
  if (!data) return undefined;
  if (data.use_generic_agent === true) return 'generic';
  const route = text(data.selected_route_id);
  if (route) return route;
  return data.next_action === 'delegate' ? 'generic' : undefined;
}

/** The todo status an item event leads to. */
export function itemStatus(event: PlanvasEvent): string | undefined {
  const known = knownEvent(event);
  switch (known?.type) {
    case 'todo_task_item_created':
      return text(known.data.status) ?? 'open';
    case 'todo_task_item_updated':
      return text(known.data.new_status);
    case 'todo_task_item_completed':
      return 'completed';
    default:
      return undefined;
  }
}

/** Tier text as the system planvas mirrors shows it: `tier 2 (Medium)`. */
export function tierLabel(data: DecisionFields): string | undefined {
  const tier = data.preferred_tier;
  const label = text(data.preferred_tier_label);
  if (typeof tier === 'number' && tier > 0) return label ? `tier ${tier} (${label})` : `tier ${tier}`;
  return label ? `tier ${label}` : undefined;
}

// Lower-cased text of each event's string fields, computed once per event object: searching
// 10,000 entries on every keystroke must not re-serialise them.
const searchTexts = new WeakMap<PlanvasEvent, string>();
function searchTextOf(event: PlanvasEvent): string {
  let cached = searchTexts.get(event);
  if (cached === undefined) {
    const parts: string[] = [event.type];
    for (const value of Object.values(event.data)) if (typeof value === 'string') parts.push(value);
    cached = parts.join('\n').toLowerCase();
    searchTexts.set(event, cached);
  }
  return cached;
}

export function filtersActive(filters: LogFilters): boolean {
  return filters.search.trim() !== '' || filters.route !== '' || filters.action !== '' || filters.todoStatus !== '';
}

/** True when the group has something the filters ask for. */
export function groupMatches(group: LogGroup, filters: LogFilters): boolean {
  if (filters.route !== '' || filters.action !== '') {
    const hit = group.decisions.some((event) => {
      const d = decisionOf(event);
      return (filters.route === '' || routeKey(d) === filters.route) && (filters.action === '' || d?.next_action === filters.action);
    });
    if (!hit) return false;
  }
  if (filters.todoStatus !== '' && !group.items.some((i) => itemStatus(i) === filters.todoStatus)) return false;
  const words = filters.search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    const entries = [...group.decisions, ...group.items];
    if (!words.every((word) => entries.some((e) => searchTextOf(e).includes(word)))) return false;
  }
  return true;
}

export type FilterOptions = { routes: Array<{ key: string; label: string }>; actions: string[]; statuses: string[] };

/** Choices for the filter menus, from what the groups actually hold. */
export function filterOptions(groups: ReadonlyArray<LogGroup>): FilterOptions {
  const routes = new Map<string, string>();
  const actions = new Set<string>();
  const statuses = new Set<string>();
  for (const group of groups) {
    for (const event of group.decisions) {
      const d = decisionOf(event);
      const key = routeKey(d);
      if (key && !routes.has(key)) routes.set(key, agentLabel(d) ?? key);
      const action = text(d?.next_action);
      if (action) actions.add(action);
    }
    for (const item of group.items) {
      const status = itemStatus(item);
      if (status) statuses.add(status);
    }
  }
  return {
    routes: [...routes].map(([key, label]) => ({ key, label })).sort((a, b) => a.label.localeCompare(b.label)),
    actions: [...actions].sort(),
    statuses: [...statuses].sort(),
  };
}

/** The step a todo_task event is about, and its title where the event type carries one. */
function todoTaskStepOf(event: PlanvasEvent): { stepId: unknown; title?: unknown } | undefined {
  const known = knownEvent(event);
  switch (known?.type) {
    case 'todo_task_route_selected':
    case 'todo_task_step_completed':
      return { stepId: known.data.step_id, title: known.data.step_title };
    case 'todo_task_item_created':
    case 'todo_task_item_updated':
    case 'todo_task_item_completed':
    case 'todo_snapshot':
      return { stepId: known.data.step_id };
    default:
      return undefined;
  }
}

/** Steps with todo_task events, in first-seen order, with the title the events give them. */
export function todoTaskStepsOf(events: ReadonlyArray<PlanvasEvent>): Array<{ stepId: string; title?: string }> {
  const steps = new Map<string, string | undefined>();
  for (const event of events) {
    const step = todoTaskStepOf(event);
    if (!step || typeof step.stepId !== 'string') continue;
    const title = text(step.title);
    if (!steps.has(step.stepId) || (title && !steps.get(step.stepId))) steps.set(step.stepId, title);
  }
  return [...steps].map(([stepId, title]) => ({ stepId, ...(title ? { title } : {}) }));
}

export function isItemEvent(event: PlanvasEvent): boolean {
  return isTodoItemEventType(event.type);
}

/** Key of a group in the selection: the iteration number, 0 for planning. */
export function groupIteration(group: LogGroup): number {
  return group.iteration ?? 0;
}

// The popup, the previous runs and the compare view group the same (immutable) event arrays
// again and again (every open, every tab switch); a finished 10,000-event run is grouped once.
const groupings = new WeakMap<ReadonlyArray<PlanvasEvent>, Map<string, IterationGrouping<PlanvasEvent>>>();

/** `groupEventsByIteration` for one step (or all, for null), cached per events array. */
export function groupingFor(events: ReadonlyArray<PlanvasEvent>, stepId: string | null): IterationGrouping<PlanvasEvent> {
  let byStep = groupings.get(events);
  if (!byStep) {
    byStep = new Map();
    groupings.set(events, byStep);
  }
  const key = stepId ?? '\u0000all';
  let grouping = byStep.get(key);
  if (!grouping) {
    grouping = groupEventsByIteration(events, stepId ? { stepId } : {});
    byStep.set(key, grouping);
  }
  return grouping;
}

const stepLists = new WeakMap<ReadonlyArray<PlanvasEvent>, Array<{ stepId: string; title?: string }>>();

/** `todoTaskStepsOf`, cached per events array. */
export function todoTaskStepsFor(events: ReadonlyArray<PlanvasEvent>): Array<{ stepId: string; title?: string }> {
  let steps = stepLists.get(events);
  if (!steps) {
    steps = todoTaskStepsOf(events);
    stepLists.set(events, steps);
  }
  return steps;
}
