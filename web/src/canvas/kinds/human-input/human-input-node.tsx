import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { Variable } from 'lucide-react';
import type { HumanInputNode as HumanInputNodeType } from '../../node-data';
import { ScopeChip } from '../../parts/branch-chip';
import { NodeShell } from '../../parts/node-shell';
import { excerpt, titleOf } from '../../parts/text';
import { useNodeGeometry } from '../../parts/use-node-geometry';
import { humanInputDefinition } from './definition';

const RESPONSE_LABELS: Record<string, string> = { text: 'Free text', yesno: 'Yes / No', multiple_choice: 'Multiple choice' };

/** A human_input step: the question, the kind of answer, one output per option / yes / no. */
export const HumanInputNode = memo(function HumanInputNode({ data }: NodeProps<HumanInputNodeType>) {
  const { size, handles } = useNodeGeometry(humanInputDefinition, data);
  const { step } = data;
  const responseType = step.response_type ?? 'text';
  return (
    <NodeShell kind="human_input" icon={humanInputDefinition.icon} kindLabel={humanInputDefinition.label} title={titleOf(step)} number={data.number} size={size} handles={handles} status={data.status} statusNote={data.statusNote} problems={data.problems}>
      <div className="pv-node__title" title={titleOf(step)}>
        {titleOf(step)}
      </div>
      <p className="pv-node__desc pv-lines-2 pv-node__question" title={step.question ?? undefined}>
        {excerpt(step.question, 160) || <span className="pv-node__placeholder">No question</span>}
      </p>
      <div className="pv-node__meta">
        <span className="pv-chip pv-chip--response" data-testid="response-type">
          {RESPONSE_LABELS[responseType] ?? responseType}
        </span>
        {step.variable_name && (
          <span className="pv-chip pv-chip--muted" title="Variable the answer is stored in">
            <Variable size={11} aria-hidden />
            {step.variable_name}
          </span>
        )}
        <ScopeChip scope={data.scope} branchOf={data.branchOf} />
      </div>
    </NodeShell>
  );
});
