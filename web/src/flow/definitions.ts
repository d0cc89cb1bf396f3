import type { LayoutDirection } from '@planvas/shared';
import type { HandleSpec, Size } from './handles';
import type { CanvasNode, NodeKind } from './node-data';
import type { NodeDefinition } from './node-definition';
import type { StepKind } from '@planvas/shared';
import { agentDefinition } from '../canvas/kinds/agent/definition';
import { branchDefinition } from '../canvas/kinds/branch/definition';
import { conditionalDefinition } from '../canvas/kinds/conditional/definition';
import { crewDefinition } from '../canvas/kinds/crew/definition';
import { decisionDefinition } from '../canvas/kinds/decision/definition';
import { endDefinition } from '../canvas/kinds/end/definition';
import { humanInputDefinition } from '../canvas/kinds/human-input/definition';
import { messageSequenceDefinition } from '../canvas/kinds/message-sequence/definition';
import { opaqueDefinition } from '../canvas/kinds/opaque/definition';
import { orchestrationDefinition } from '../canvas/kinds/orchestration/definition';
import { orchestratorDefinition } from '../canvas/kinds/orchestrator/definition';
import { regularDefinition } from '../canvas/kinds/regular/definition';
import { routingDefinition } from '../canvas/kinds/routing/definition';
import { startDefinition } from '../canvas/kinds/start/definition';
import { subAgentDefinition } from '../canvas/kinds/sub-agent/definition';
import { todoTaskDefinition } from '../canvas/kinds/todo-task/definition';

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
