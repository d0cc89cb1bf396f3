import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import type { DecisionNode as DecisionNodeType } from '../../../flow/node-data';
import { ScopeChip } from '../../parts/branch-chip';
import { QuestionBody } from '../../parts/question-body';
import { StepNodeFrame } from '../../parts/step-node-frame';
import { decisionDefinition } from './definition';

/** A decision step: the question it evaluates and its Yes/No outputs. */
export const DecisionNode = memo(function DecisionNode({ data }: NodeProps<DecisionNodeType>) {
  return (
    <StepNodeFrame definition={decisionDefinition} data={data}>
      <QuestionBody step={data.step} question={data.step.decision_evaluation_question} placeholder="No question" lines={3} max={200} />
      <ScopeChip scope={data.scope} branchOf={data.branchOf} />
    </StepNodeFrame>
  );
});
