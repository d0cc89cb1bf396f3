import type { LayoutDirection } from '@planvas/shared';
import type { HandleSpec, Size } from './handles';
import type { CanvasNode, NodeKind } from './node-data';
import type { NodeDefinition } from './node-definition';
import { conditionalDefinition } from './kinds/conditional/definition';
import { decisionDefinition } from './kinds/decision/definition';
import { endDefinition } from './kinds/end/definition';
import { humanInputDefinition } from './kinds/human-input/definition';
import { opaqueDefinition } from './kinds/opaque/definition';
import { orchestrationDefinition } from './kinds/orchestration/definition';
import { regularDefinition } from './kinds/regular/definition';
import { routingDefinition } from './kinds/routing/definition';
import { startDefinition } from './kinds/start/definition';
import { subAgentDefinition } from './kinds/sub-agent/definition';
import { todoTaskDefinition } from './kinds/todo-task/definition';

/**
 * The registry of node kinds without their components (so plan-to-flow, the layout input and
 * tests use it without React). `registry.ts` pairs each entry with its component.
 */
export const nodeDefinitions = {
  regular: regularDefinition,
  todo_task: todoTaskDefinition,
  orchestration: orchestrationDefinition,
  routing: routingDefinition,
  conditional: conditionalDefinition,
  decision: decisionDefinition,
  human_input: humanInputDefinition,
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
