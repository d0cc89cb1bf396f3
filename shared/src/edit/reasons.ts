/**
 * Every reason an edit is refused, in one place, worded for the person editing: the web shows them
 * as they are (toast, inline error, refused-connection tooltip).
 */
const q = (text: string) => `"${text}"`;

export const editReasons = {
  // ids
  emptyId: 'a step id must not be empty',
  reservedId: (id: string) => `${q(id)} is reserved: it means "stop the workflow"`,
  badIdCharacters: (id: string) => `${q(id)} is not a valid step id: use letters, digits, "-", "_" or ".", starting with a letter or digit (e.g. "fetch-data")`,
  idTaken: (id: string) => `step id ${q(id)} is already used by another step`,
  idChangeNotAllowed: (id: string) => `the id of ${q(id)} is changed with "rename step id", which also updates every reference to it`,
  emptyRouteId: 'a route id must not be empty',
  reservedRouteId: (id: string) => `route id ${q(id)} is reserved for the step's own outputs`,
  badRouteIdCharacters: (id: string) => `${q(id)} is not a valid route id: use letters, digits, "-", "_" or "."`,
  routeIdTaken: (id: string) => `route id ${q(id)} is already used by another route of this step`,
  routeIdChangeNotAllowed: (id: string) => `route id ${q(id)} is changed with "rename route"`,

  // locating
  unknownStep: (id: string) => `there is no step ${q(id)}`,
  unknownRoute: (stepId: string, routeId: string) => `step ${q(stepId)} has no route ${q(routeId)}`,
  noRoutes: (stepId: string, kind: string) => `${q(stepId)} is a ${kind} step, which has no routes`,
  noSubAgents: (stepId: string, kind: string) =>
    `${q(stepId)} is a ${kind} step; only delegating steps' routes (todo_task, orchestrator, agent, orchestration) have sub-agents`,
  genericAgentAlwaysOn: (stepId: string, generation: string) =>
    `${q(stepId)} always has the generic agent: ${generation} has no switch for it (enable_generic_agent is a seed-era field)`,
  noGenericAgent: (stepId: string, kind: string) => `${q(stepId)} is a ${kind} step; only todo_task, orchestrator and agent steps have a generic agent`,
  routeIndexOutOfRange: (stepId: string, index: number, count: number) => `${q(stepId)} has ${count} route(s); there is no position ${index}`,
  notAConditional: (id: string) => `${q(id)} is not a conditional step, so it has no branches`,
  branchRequired: (id: string) => `say which branch of ${q(id)} ("true" or "false") the step goes into`,
  badIndex: (index: number, length: number) => `position ${index} is outside the list (0 to ${length})`,
  insideSubAgent: (id: string) => `${q(id)} belongs to a route of its parent step; edit that route instead`,

  // content
  invalidStep: (id: string) => `step ${q(id)} would not be valid`,
  invalidRoute: (stepId: string, routeId: string) => `route ${q(routeId)} of ${q(stepId)} would not be valid`,
  invalidAgentConfig: (id: string) => `the agent configuration of ${q(id)} would not be valid`,
  viewState: (keys: string[]) => `${keys.map(q).join(', ')} is canvas view state and does not belong in plan.json`,
  nestedIdTaken: (id: string) => `step id ${q(id)} is already used by another step (ids of branch steps and sub-agents count too)`,
  invalidClipboard: 'the clipboard does not hold planvas steps',
  nothingToDuplicate: 'select at least one step of the plan to duplicate',

  // flow
  unknownSource: (id: string) => `there is no step ${q(id)} to connect from`,
  unknownTarget: (id: string) => `there is no step ${q(id)} to connect to (use a step id or "end")`,
  subAgentTarget: (id: string) => `${q(id)} is a sub-agent: a sub-agent runs only from its parent`,
  subAgentSource: (id: string) => `${q(id)} is a sub-agent: it returns to its parent and has no flow outputs`,
  orphanStep: (id: string) => `${q(id)} is in orphan_steps, outside the flow`,
  unknownHandle: (id: string, handle: string, handles: string[]) =>
    `${q(id)} has no output ${q(handle)}${handles.length > 0 ? ` (its outputs: ${handles.map(q).join(', ')})` : ''}`,
  selfNext: (id: string) =>
    `${q(id)} cannot continue with itself unconditionally: that would never end (a regular step repeats with has_loop and loop_condition)`,
  intoBranch: (target: string, conditional: string, branch: 'true' | 'false') =>
    `${q(target)} is inside the ${branch === 'true' ? 'Yes' : 'No'} branch of ${q(conditional)}: a branch is entered only through its conditional`,
  branchStartsWithSteps: (id: string, branch: 'true' | 'false', first: string) =>
    `the ${branch === 'true' ? 'Yes' : 'No'} branch of ${q(id)} starts with its own step ${q(first)}; connect the branch's last step instead, or remove the branch's steps`,

  // delete
  subAgentDelete: (id: string, parent: string) => `${q(id)} is a sub-agent of ${q(parent)}: remove its route instead`,
} as const;
