import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { Route as RouteIcon } from 'lucide-react';
import type { OrchestrationNode, RoutingNode as RoutingNodeType } from '../../node-data';
import { ScopeChip } from '../../parts/branch-chip';
import { ContextChips } from '../../parts/context-chips';
import { NodeShell } from '../../parts/node-shell';
import { excerpt, titleOf } from '../../parts/text';
import { useNodeGeometry } from '../../parts/use-node-geometry';
import { orchestrationDefinition } from '../orchestration/definition';
import { routingDefinition } from './definition';

/** A routing step: its question, and one labelled output per route. */
export const RoutingNode = memo(function RoutingNode({ data }: NodeProps<RoutingNodeType>) {
  const { size, handles } = useNodeGeometry(routingDefinition, data);
  const { step } = data;
  return (
    <NodeShell kind="routing" icon={routingDefinition.icon} kindLabel={routingDefinition.label} title={titleOf(step)} number={data.number} size={size} handles={handles} status={data.status} statusNote={data.statusNote} problems={data.problems}>
      <div className="pv-node__title" title={titleOf(step)}>
        {titleOf(step)}
      </div>
      <p className="pv-node__desc pv-lines-2" title={step.routing_question ?? undefined}>
        {excerpt(step.routing_question || step.description, 160) || <span className="pv-node__placeholder">No routing question</span>}
      </p>
      <ScopeChip scope={data.scope} branchOf={data.branchOf} />
    </NodeShell>
  );
});

/** An orchestration step: the routing node's look, with its orchestrator brief and sub-agent routes. */
export const OrchestrationRoutingNode = memo(function OrchestrationRoutingNode({ data }: NodeProps<OrchestrationNode>) {
  const { size, handles } = useNodeGeometry(orchestrationDefinition, data);
  const { step } = data;
  const inner = step.orchestration_step;
  const routes = step.orchestration_routes?.length ?? 0;
  return (
    <NodeShell
      kind="orchestration"
      className="pv-node--routing-like"
      icon={orchestrationDefinition.icon}
      kindLabel={orchestrationDefinition.label}
      title={titleOf(step)}
      number={data.number}
      size={size}
      handles={handles}
      status={data.status} statusNote={data.statusNote}
      problems={data.problems}
    >
      <div className="pv-node__title" title={titleOf(step)}>
        {titleOf(step)}
      </div>
      <p className="pv-node__desc pv-lines-2">{excerpt(step.description || inner?.description, 160) || <span className="pv-node__placeholder">No description</span>}</p>
      <div className="pv-node__meta">
        <span className="pv-chip pv-chip--routes" data-testid="routes-count">
          <RouteIcon size={11} aria-hidden />
          {routes} route{routes === 1 ? '' : 's'}
        </span>
        <ScopeChip scope={data.scope} branchOf={data.branchOf} />
      </div>
      <ContextChips inputs={step.context_dependencies ?? inner?.context_dependencies} outputs={step.context_output ?? inner?.context_output} />
    </NodeShell>
  );
});
