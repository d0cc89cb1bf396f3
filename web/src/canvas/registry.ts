import type { ComponentType } from 'react';
import type { NodeProps, NodeTypes } from '@xyflow/react';
import type { StepKind } from '@planvas/shared';
import { AgentNode } from './kinds/agent/agent-node';
import { BranchNode } from './kinds/branch/branch-node';
import { ConditionalNode } from './kinds/conditional/conditional-node';
import { CrewNode } from './kinds/crew/crew-node';
import { DecisionNode } from './kinds/decision/decision-node';
import { EndNode } from './kinds/end/end-node';
import { HumanInputNode } from './kinds/human-input/human-input-node';
import { MessageSequenceNode } from './kinds/message-sequence/message-sequence-node';
import { OpaqueNode } from './kinds/opaque/opaque-node';
import { OrchestrationNode } from './kinds/orchestration/orchestration-node';
import { OrchestratorNode } from './kinds/orchestrator/orchestrator-node';
import { StepNode } from './kinds/regular/step-node';
import { RoutingNode } from './kinds/routing/routing-node';
import { StartNode } from './kinds/start/start-node';
import { SubAgentNode } from './kinds/sub-agent/sub-agent-node';
import { TodoTaskNode } from './kinds/todo-task/todo-task-node';
import type { NodeKind, NodeOfKind } from '../flow/node-data';
import { withNodeErrorBoundary } from './parts/node-error-boundary';

type StepComponents = { [K in StepKind]: ComponentType<NodeProps<NodeOfKind<K>>> };

/**
 * The component of each step kind (its folder under kinds/). Typed by shared's StepKind: a kind
 * added to shared's STEP_KINDS fails the typecheck here, and in flow/definitions.ts, until its
 * folder exists. Steps of a type planvas does not know draw as `opaque`. Sizes and handles live
 * in each kind's definition (flow/kinds/), which the layout uses without React.
 */
const stepComponents = {
  regular: StepNode,
  todo_task: TodoTaskNode,
  orchestrator: OrchestratorNode,
  agent: AgentNode,
  message_sequence: MessageSequenceNode,
  routing: RoutingNode,
  branch: BranchNode,
  human_input: HumanInputNode,
  crew: CrewNode,
  orchestration: OrchestrationNode,
  conditional: ConditionalNode,
  decision: DecisionNode,
} satisfies StepComponents;

/** Every node kind's component: the step kinds above, and the nodes that are not plan steps. */
const nodeComponents = {
  ...stepComponents,
  sub_agent: SubAgentNode,
  start: StartNode,
  end: EndNode,
  opaque: OpaqueNode,
} satisfies { [K in NodeKind]: ComponentType<NodeProps<NodeOfKind<K>>> };

/**
 * React Flow's node types, built once at module level: a `nodeTypes` object made during render
 * would remount every node on every render.
 */
export const nodeTypes: NodeTypes = Object.fromEntries(
  Object.entries(nodeComponents).map(([kind, component]) => [kind, withNodeErrorBoundary(component as ComponentType<NodeProps>)]),
) as NodeTypes;
