import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { Lock } from 'lucide-react';
import { stepKind } from '@planvas/shared';
import type { SubAgentNode as SubAgentNodeType } from '../../../flow/node-data';
import { ContextChips } from '../../parts/context-chips';
import { NodeShell } from '../../parts/node-shell';
import { useNodeGeometry } from '../../parts/use-node-geometry';
import { StepBody } from '../../parts/step-body';
import { subAgentDefinition } from './definition';
import { titleOf } from '../../parts/text';

/**
 * The sub-agent variant of the step node (docs/formats.md "Canvas conventions"): Bot icon instead of a
 * number, dashed cyan border, and marked as run only by its parent.
 */
export const SubAgentNode = memo(function SubAgentNode({ data }: NodeProps<SubAgentNodeType>) {
  const { size, handles } = useNodeGeometry(subAgentDefinition, data);
  const kind = stepKind(data.step);
  const step = data.step as {
    id: string;
    title?: string | null;
    description?: string | null;
    context_dependencies?: string[] | null;
    context_output?: string | string[] | null;
  };
  return (
    <NodeShell
      kind="sub_agent"
      className={data.generic ? 'pv-node--generic-agent' : undefined}
      icon={subAgentDefinition.icon}
      kindLabel={data.generic ? 'Generic agent' : kind === 'regular' ? 'Sub-agent' : `Sub-agent · ${kind === 'unknown' ? String(data.step.type) : kind}`}
      title={titleOf(step)}
      size={size}
      handles={handles}
      status={data.status}
      statusNote={data.statusNote}
      problems={data.problems}
    >
      <StepBody step={step} lines={1} />
      <div className="pv-node__meta">
        <span className="pv-chip pv-chip--parent-only" data-testid="sub-agent-marker" title="Not runnable on its own: only its parent's orchestrator runs it">
          <Lock size={10} aria-hidden />
          runs only from its parent
        </span>
      </div>
      <ContextChips inputs={step.context_dependencies} outputs={step.context_output} />
    </NodeShell>
  );
});
