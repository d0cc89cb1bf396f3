import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { Repeat } from 'lucide-react';
import type { RegularNode } from '../../node-data';
import { ScopeChip } from '../../parts/branch-chip';
import { ContextChips } from '../../parts/context-chips';
import { NodeShell } from '../../parts/node-shell';
import { useNodeGeometry } from '../../parts/use-node-geometry';
import { regularDefinition } from './definition';
import { StepBody } from './step-body';
import { titleOf } from '../../parts/text';

export const StepNode = memo(function StepNode({ data }: NodeProps<RegularNode>) {
  const { size, handles } = useNodeGeometry(regularDefinition, data);
  const { step } = data;
  return (
    <NodeShell
      kind="regular"
      icon={regularDefinition.icon}
      kindLabel={regularDefinition.label}
      title={titleOf(step)}
      number={data.number}
      size={size}
      handles={handles}
      status={data.status} statusNote={data.statusNote}
      problems={data.problems}
    >
      <StepBody step={step} />
      <div className="pv-node__footer">
        {step.has_loop === true && (
          <span className="pv-chip pv-chip--loop" data-testid="loop-marker" title={step.loop_condition ?? 'Repeats until its loop condition holds'}>
            <Repeat size={11} aria-hidden />
            Loop{typeof step.max_iterations === 'number' ? ` ×${step.max_iterations}` : ''}
          </span>
        )}
        <ScopeChip scope={data.scope} branchOf={data.branchOf} />
        <ContextChips inputs={step.context_dependencies} outputs={step.context_output} />
      </div>
    </NodeShell>
  );
});
