import type { LayoutDirection } from '@planvas/shared';
import type { HandleSpec, Size } from './handles';
import type { CanvasNode, NodeKind } from './node-data';
import type { NodeDefinition } from './node-definition';
import type { StepKind } from '@planvas/shared';
import { agentDefinition } from './kinds/agent';
import { branchDefinition } from './kinds/branch';
import { conditionalDefinition } from './kinds/conditional';
import { crewDefinition } from './kinds/crew';
import { decisionDefinition } from './kinds/decision';
import { endDefinition } from './kinds/end';
import { humanInputDefinition } from './kinds/human-input';
import { messageSequenceDefinition } from './kinds/message-sequence';
import { opaqueDefinition } from './kinds/opaque';
import { orchestrationDefinition } from './kinds/orchestration';
import { orchestratorDefinition } from './kinds/orchestrator';
import { regularDefinition } from './kinds/regular';
import { routingDefinition } from './kinds/routing';
import { startDefinition } from './kinds/start';
import { subAgentDefinition } from './kinds/sub-agent';
import { todoTaskDefinition } from './kinds/todo-task';

/** One definition per step kind of shared's STEP_KINDS: a kind added there fails the typecheck here until it has its file in kinds/. */
export const stepDefinitions = {
  regular: regularDefinition,
  todo_task: todoTaskDefinition,
  orchestrator: orchestratorDefinition,
  agent: agentDefinition,
  message_sequence: messageSequenceDefinition,
  routing: routingDefinition,
  branch: branchDefinition,
  human_input: humanInputDefinition,
  crew: crewDefinition,
  orchestration: orchestrationDefinition,
  conditional: conditionalDefinition,
  decision: decisionDefinition,
} satisfies { [K in StepKind]: NodeDefinition<K> };

/**
 * The registry of node kinds without their components (so plan-to-flow, the layout input and
 * tests use it without React): every step kind, and the nodes that are not steps of the plan.
 * canvas/registry.ts pairs each entry with its component.
 */
export const nodeDefinitions = {
  ...stepDefinitions,
  sub_agent: subAgentDefinition,
  start: startDefinition,
  end: endDefinition,
  opaque: opaqueDefinition,
} satisfies { [K in NodeKind]: NodeDefinition<K> };

// The union of definitions cannot be called with the union of data; each node is paired with its
// own kind's definition here, the one place that needs the cast.
function definitionFor(node: CanvasNode): NodeDefinition<NodeKind> {
  return nodeDefinitions[node.type] as unknown as NodeDefinition<NodeKind>;
}

export function nodeSize(node: CanvasNode, direction: LayoutDirection): Size {
  return definitionFor(node).size(node.data as never, direction);
}

export function nodeHandles(node: CanvasNode, direction: LayoutDirection): HandleSpec[] {
  return definitionFor(node).handles(node.data as never, direction);
}
