import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import type { ConditionalNode as ConditionalNodeType } from '../../node-data';
import { ScopeChip } from '../../parts/branch-chip';
import { NodeShell } from '../../parts/node-shell';
import { excerpt, titleOf } from '../../parts/text';
import { useNodeGeometry } from '../../parts/use-node-geometry';
import { conditionalDefinition } from './definition';

/** A conditional step: its question, Yes/No outputs, and how many steps each branch nests. */
export const ConditionalNode = memo(function ConditionalNode({ data }: NodeProps<ConditionalNodeType>) {
  const { size, handles } = useNodeGeometry(conditionalDefinition, data);
  const { step } = data;
  const yes = step.if_true_steps?.length ?? 0;
  const no = step.if_false_steps?.length ?? 0;
  return (
    <NodeShell kind="conditional" icon={conditionalDefinition.icon} kindLabel={conditionalDefinition.label} title={titleOf(step)} number={data.number} size={size} handles={handles} status={data.status} statusNote={data.statusNote} problems={data.problems}>
      <div className="pv-node__title" title={titleOf(step)}>
        {titleOf(step)}
      </div>
      <p className="pv-node__desc pv-lines-2" title={step.condition_question ?? undefined}>
        {excerpt(step.condition_question || step.description, 160) || <span className="pv-node__placeholder">No condition question</span>}
      </p>
      <div className="pv-node__meta">
        <span className="pv-chip pv-chip--branch-true" data-testid="branch-true-count">
          Yes: {yes} step{yes === 1 ? '' : 's'}
        </span>
        <span className="pv-chip pv-chip--branch-false" data-testid="branch-false-count">
          No: {no} step{no === 1 ? '' : 's'}
        </span>
        <ScopeChip scope={data.scope} branchOf={data.branchOf} />
      </div>
    </NodeShell>
  );
});
