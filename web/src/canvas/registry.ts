import type { ComponentType } from 'react';
import type { NodeProps, NodeTypes } from '@xyflow/react';
import { nodeDefinitions } from './definitions';
import { ConditionalNode } from './kinds/conditional/conditional-node';
import { DecisionNode } from './kinds/decision/decision-node';
import { EndNode } from './kinds/end/end-node';
import { HumanInputNode } from './kinds/human-input/human-input-node';
import { OpaqueNode } from './kinds/opaque/opaque-node';
import { StepNode } from './kinds/regular/step-node';
import { OrchestrationRoutingNode, RoutingNode } from './kinds/routing/routing-node';
import { StartNode } from './kinds/start/start-node';
import { SubAgentNode } from './kinds/sub-agent/sub-agent-node';
import { TodoTaskNode } from './kinds/todo-task/todo-task-node';
import type { NodeKind, NodeOfKind } from './node-data';
import type { NodeDefinition } from './node-definition';
import { withNodeErrorBoundary } from './parts/node-error-boundary';

export type RegistryEntry<K extends NodeKind> = NodeDefinition<K> & { component: ComponentType<NodeProps<NodeOfKind<K>>> };

/** The registry of node kinds: definition + component. Adding a kind touches its folder and this list. */
export const nodeRegistry = {
  regular: { ...nodeDefinitions.regular, component: StepNode },
  todo_task: { ...nodeDefinitions.todo_task, component: TodoTaskNode },
  orchestration: { ...nodeDefinitions.orchestration, component: OrchestrationRoutingNode },
  routing: { ...nodeDefinitions.routing, component: RoutingNode },
  conditional: { ...nodeDefinitions.conditional, component: ConditionalNode },
  decision: { ...nodeDefinitions.decision, component: DecisionNode },
  human_input: { ...nodeDefinitions.human_input, component: HumanInputNode },
  sub_agent: { ...nodeDefinitions.sub_agent, component: SubAgentNode },
  start: { ...nodeDefinitions.start, component: StartNode },
  end: { ...nodeDefinitions.end, component: EndNode },
  opaque: { ...nodeDefinitions.opaque, component: OpaqueNode },
} satisfies { [K in NodeKind]: RegistryEntry<K> };

/**
 * React Flow's node types, built once at module level: a `nodeTypes` object made during render
 * would remount every node on every render.
 */
export const nodeTypes: NodeTypes = Object.fromEntries(
  Object.entries(nodeRegistry).map(([kind, entry]) => [kind, withNodeErrorBoundary(entry.component as ComponentType<NodeProps>)]),
) as NodeTypes;
