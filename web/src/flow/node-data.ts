import type { Node } from '@xyflow/react';
import type { Problem, Step, StepKind, StepOfKind, SubAgentStep } from '@planvas/shared';
import type { ExecutionModeBadge } from './execution-mode';
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
  /** The execution mode its step_config entry declares (docs/formats.md "step_config.json"). */
  executionMode?: ExecutionModeBadge;
};

/** The kinds that delegate todos to sub-agents (todo_task, orchestrator, agent). */
type DelegatingData<S> = StepData<S> & {
  /** A generic agent takes the todos no route fits (the switch in seed-era files, always later). */
  genericAgent: boolean;
  /** Leaf todos done / all (docs/formats.md "Todo tree and progress"), from the followed run. */
  progress?: { completed: number; total: number };
  /** The orchestrator iteration the followed run is at. */
  iteration?: number;
};

type DelegatingKind = 'todo_task' | 'orchestrator' | 'agent';

/** The data of each step kind's node; the compiler names a kind planvas adds to shared but not here. */
export type StepDataOfKind = { [K in StepKind]: K extends DelegatingKind ? DelegatingData<StepOfKind[K]> : StepData<StepOfKind[K]> };

export type RegularData = StepDataOfKind['regular'];
export type TodoTaskData = StepDataOfKind['todo_task'];
export type OrchestratorData = StepDataOfKind['orchestrator'];
export type AgentData = StepDataOfKind['agent'];
export type MessageSequenceData = StepDataOfKind['message_sequence'];
export type BranchData = StepDataOfKind['branch'];
export type CrewData = StepDataOfKind['crew'];
export type OrchestrationData = StepDataOfKind['orchestration'];
export type RoutingData = StepDataOfKind['routing'];
export type ConditionalData = StepDataOfKind['conditional'];
export type DecisionData = StepDataOfKind['decision'];
export type HumanInputData = StepDataOfKind['human_input'];
/** A step of a type planvas does not know: shown as raw JSON, saved untouched. */
export type OpaqueData = StepData<Step>;

export type SubAgentData = {
  /** The route's private step (or the shared orphan step it refers to); may itself delegate. */
  step: SubAgentStep;
  /** Node id of the todo_task / orchestration step (or sub-agent) that runs it. */
  parentId: string;
  /** The route id, or `generic` for the generic agent. */
  routeId: string;
  routeName: string;
  generic: boolean;
  /** A sub-agent that itself delegates has the generic agent too (see DelegatingData). */
  genericAgent: boolean;
  problems: Problem[];
  status?: NodeStatus;
  /** Where the status comes from, when not from this run's own work (a branch's carried-over steps). */
  statusNote?: string;
};

export type StartData = { entryId?: string };
export type EndData = Record<string, never>;

/** React Flow's node with a required `type`, so the union narrows on it. */
type KindNode<D extends Record<string, unknown>, K extends string> = Node<D, K> & { type: K };

/** The node of each step kind. */
export type StepNodeOfKind = { [K in StepKind]: KindNode<StepDataOfKind[K], K> };

export type RegularNode = StepNodeOfKind['regular'];
export type TodoTaskNode = StepNodeOfKind['todo_task'];
export type OrchestratorNode = StepNodeOfKind['orchestrator'];
export type AgentNode = StepNodeOfKind['agent'];
export type MessageSequenceNode = StepNodeOfKind['message_sequence'];
export type BranchNode = StepNodeOfKind['branch'];
export type CrewNode = StepNodeOfKind['crew'];
export type OrchestrationNode = StepNodeOfKind['orchestration'];
export type RoutingNode = StepNodeOfKind['routing'];
export type ConditionalNode = StepNodeOfKind['conditional'];
export type DecisionNode = StepNodeOfKind['decision'];
export type HumanInputNode = StepNodeOfKind['human_input'];
export type OpaqueNode = KindNode<OpaqueData, 'opaque'>;
export type SubAgentNode = KindNode<SubAgentData, 'sub_agent'>;
export type StartNode = KindNode<StartData, 'start'>;
export type EndNode = KindNode<EndData, 'end'>;

export type StepCanvasNode = StepNodeOfKind[StepKind];
export type CanvasNode = StepCanvasNode | OpaqueNode | SubAgentNode | StartNode | EndNode;

export type NodeKind = CanvasNode['type'];
export type NodeOfKind<K extends NodeKind> = Extract<CanvasNode, { type: K }>;
/** The data of each node kind, by kind (indexed directly, so generic code over step kinds type-checks). */
type DataByKind = StepDataOfKind & { opaque: OpaqueData; sub_agent: SubAgentData; start: StartData; end: EndData };
export type DataOfKind<K extends NodeKind> = DataByKind[K];

/** Node ids of the synthetic start and end nodes; `__` keeps them apart from any real step id. */
export const START_NODE_ID = '__start__';
export const END_NODE_ID = '__end__';

/**
 * Stable node ids of sub-agents (tests and deep links rely on them). Defined in shared, where the
 * run-state fold keys step statuses by the same ids.
 */
export { genericAgentNodeId, subAgentNodeId } from '@planvas/shared';
