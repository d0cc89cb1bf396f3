import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { Variable } from 'lucide-react';
import type { HumanInputNode as HumanInputNodeType } from '../../../flow/node-data';
import { ScopeChip } from '../../parts/branch-chip';
import { QuestionBody } from '../../parts/question-body';
import { StepNodeFrame } from '../../parts/step-node-frame';
import { humanInputDefinition } from './definition';
import { NodeAnswerForm } from './node-answer-form';

const RESPONSE_LABELS: Record<string, string> = { text: 'Free text', yesno: 'Yes / No', multiple_choice: 'Multiple choice' };

/**
 * A human_input step: the question, the kind of answer, one output per option / yes / no. While
 * the followed run waits on it, the answer form takes the place of the kind-of-answer row.
 */
export const HumanInputNode = memo(function HumanInputNode({ data }: NodeProps<HumanInputNodeType>) {
  const { step } = data;
  const responseType = step.response_type ?? 'text';
  return (
    <StepNodeFrame definition={humanInputDefinition} data={data}>
      <QuestionBody step={step} question={step.question} placeholder="No question" className="pv-node__question" />
      {data.status === 'waiting' ? (
        <NodeAnswerForm stepId={step.id} />
      ) : (
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
      )}
    </StepNodeFrame>
  );
});
