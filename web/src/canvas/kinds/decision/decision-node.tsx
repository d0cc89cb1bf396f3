import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import type { DecisionNode as DecisionNodeType } from '../../node-data';
import { ScopeChip } from '../../parts/branch-chip';
import { NodeShell } from '../../parts/node-shell';
import { excerpt, titleOf } from '../../parts/text';
import { useNodeGeometry } from '../../parts/use-node-geometry';
import { decisionDefinition } from './definition';

/** A decision step: the question it evaluates and its Yes/No outputs. */
export const DecisionNode = memo(function DecisionNode({ data }: NodeProps<DecisionNodeType>) {
  const { size, handles } = useNodeGeometry(decisionDefinition, data);
  const { step } = data;
  return (
    <NodeShell kind="decision" icon={decisionDefinition.icon} kindLabel={decisionDefinition.label} title={titleOf(step)} number={data.number} size={size} handles={handles} status={data.status} statusNote={data.statusNote} problems={data.problems}>
      <div className="pv-node__title" title={titleOf(step)}>
        {titleOf(step)}
      </div>
      <p className="pv-node__desc pv-lines-3" title={step.decision_evaluation_question ?? undefined}>
        {excerpt(step.decision_evaluation_question || step.description, 200) || <span className="pv-node__placeholder">No question</span>}
      </p>
      <ScopeChip scope={data.scope} branchOf={data.branchOf} />
    </NodeShell>
  );
});
