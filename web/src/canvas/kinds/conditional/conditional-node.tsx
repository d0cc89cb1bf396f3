import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import type { ConditionalNode as ConditionalNodeType } from '../../../flow/node-data';
import { ScopeChip } from '../../parts/branch-chip';
import { QuestionBody } from '../../parts/question-body';
import { StepNodeFrame } from '../../parts/step-node-frame';
import { conditionalDefinition } from './definition';

/** A conditional step: its question, Yes/No outputs, and how many steps each branch nests. */
export const ConditionalNode = memo(function ConditionalNode({ data }: NodeProps<ConditionalNodeType>) {
  const { step } = data;
  const yes = step.if_true_steps?.length ?? 0;
  const no = step.if_false_steps?.length ?? 0;
  return (
    <StepNodeFrame definition={conditionalDefinition} data={data}>
      <QuestionBody step={step} question={step.condition_question} placeholder="No condition question" />
      <div className="pv-node__meta">
        <span className="pv-chip pv-chip--branch-true" data-testid="branch-true-count">
          Yes: {yes} step{yes === 1 ? '' : 's'}
        </span>
        <span className="pv-chip pv-chip--branch-false" data-testid="branch-false-count">
          No: {no} step{no === 1 ? '' : 's'}
        </span>
        <ScopeChip scope={data.scope} branchOf={data.branchOf} />
      </div>
    </StepNodeFrame>
  );
});
