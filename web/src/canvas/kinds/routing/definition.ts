import { Signpost } from 'lucide-react';
import { centredOutput, inputHandle, railHandles, sizeWithRail, type RailOutput } from '../../handles';
import type { NodeDefinition } from '../../node-definition';
import type { RoutingData } from '../../node-data';

export const ROUTING_CONTENT = { width: 280, height: 110 };

/** One output per route, labelled with its name; `next` only while the step has no routes yet. */
const outputs = (data: RoutingData): RailOutput[] =>
  (data.step.routes ?? []).map((r) => ({
    id: r.route_id,
    label: `${r.route_name?.trim() ? r.route_name : r.route_id}${r.route_id === data.step.default_route_id ? ' (default)' : ''}`,
  }));

export const routingDefinition: NodeDefinition<'routing'> = {
  kind: 'routing',
  label: 'Routing',
  icon: Signpost,
  size: (data, direction) => sizeWithRail(ROUTING_CONTENT, outputs(data).length, direction),
  handles(data, direction) {
    const size = this.size(data, direction);
    const rail = outputs(data);
    return [inputHandle(size, direction), ...(rail.length > 0 ? railHandles(rail, ROUTING_CONTENT.height, size, direction) : [centredOutput(size, direction)])];
  },
};
