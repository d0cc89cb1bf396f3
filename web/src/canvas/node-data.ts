import type { Node } from '@xyflow/react';
import type {
  ConditionalStep,
  DecisionStep,
  HumanInputStep,
  OrchestrationStep,
  Problem,
  RegularStep,
  RoutingStep,
  Step,
  SubAgentStep,
  TodoTaskStep,
} from '@planvas/shared';
import type { NodeStatus } from './node-status';

/**
 * Node data, one type per node kind. Plain JSON only (no functions, no positions): nodes are
 * rebuilt from the plan whenever it changes, and documents built from them stay serialisable.
 */
type StepData<S> = {
  step: S;
  /** Where the step sits: `3` for a main step, `8.Y1` for the first step of a Yes branch. */
  number: string;
  scope: 'main' | 'branch' | 'orphan';
  /** For a step inside a conditional branch: the conditional and the branch. */
  branchOf?: { conditionalId: string; branch: 'true' | 'false' };
  problems: Problem[];
  status?: NodeStatus;
  /** Where the status comes from, when not from this run's own work (a branch's carried-over steps). */
  statusNote?: string;
};

export type RegularData = StepData<RegularStep>;
export type TodoTaskData = StepData<TodoTaskStep> & {
  /** Leaf todos done / all (seed 000), from the followed run. */
  progress?: { completed: number; total: number };
  /** The orchestrator iteration the followed run is at. */
  iteration?: number;
};
export type OrchestrationData = StepData<OrchestrationStep>;
export type RoutingData = StepData<RoutingStep>;
export type ConditionalData = StepData<ConditionalStep>;
export type DecisionData = StepData<DecisionStep>;
export type HumanInputData = StepData<HumanInputStep>;
/** A step of a type planvas does not know: shown as raw JSON, saved untouched. */
export type OpaqueData = StepData<Step>;

export type SubAgentData = {
  /** The route's private step; may itself delegate (a todo_task sub-agent has routes of its own). */
  step: SubAgentStep;
  /** Node id of the todo_task / orchestration step (or sub-agent) that runs it. */
  parentId: string;
  /** The route id, or `generic` for the generic agent. */
  routeId: string;
  routeName: string;
  generic: boolean;
  problems: Problem[];
  status?: NodeStatus;
  /** Where the status comes from, when not from this run's own work (a branch's carried-over steps). */
  statusNote?: string;
};

export type StartData = { entryId?: string };
export type EndData = Record<string, never>;

/** React Flow's node with a required `type`, so the union narrows on it. */
type KindNode<D extends Record<string, unknown>, K extends string> = Node<D, K> & { type: K };

export type RegularNode = KindNode<RegularData, 'regular'>;
export type TodoTaskNode = KindNode<TodoTaskData, 'todo_task'>;
export type OrchestrationNode = KindNode<OrchestrationData, 'orchestration'>;
export type RoutingNode = KindNode<RoutingData, 'routing'>;
export type ConditionalNode = KindNode<ConditionalData, 'conditional'>;
export type DecisionNode = KindNode<DecisionData, 'decision'>;
export type HumanInputNode = KindNode<HumanInputData, 'human_input'>;
export type OpaqueNode = KindNode<OpaqueData, 'opaque'>;
export type SubAgentNode = KindNode<SubAgentData, 'sub_agent'>;
export type StartNode = KindNode<StartData, 'start'>;
export type EndNode = KindNode<EndData, 'end'>;

export type CanvasNode =
  | RegularNode
  | TodoTaskNode
  | OrchestrationNode
  | RoutingNode
  | ConditionalNode
  | DecisionNode
  | HumanInputNode
  | OpaqueNode
  | SubAgentNode
  | StartNode
  | EndNode;

export type NodeKind = CanvasNode['type'];
export type NodeOfKind<K extends NodeKind> = Extract<CanvasNode, { type: K }>;
export type DataOfKind<K extends NodeKind> = NodeOfKind<K>['data'];

/** Node ids of the synthetic start and end nodes; `__` keeps them apart from any real step id. */
export const START_NODE_ID = '__start__';
export const END_NODE_ID = '__end__';

/** Stable node ids of sub-agents (tests and deep links rely on them). */
export function subAgentNodeId(parentStepId: string, routeId: string): string {
  return `${parentStepId}-sub-agent-${routeId}`;
}
export function genericAgentNodeId(parentStepId: string): string {
  return `${parentStepId}-sub-agent-generic`;
}
