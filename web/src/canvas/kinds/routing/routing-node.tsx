import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import type { RoutingNode as RoutingNodeType } from '../../../flow/node-data';
import { ScopeChip } from '../../parts/branch-chip';
import { QuestionBody } from '../../parts/question-body';
import { StepNodeFrame } from '../../parts/step-node-frame';
import { routingDefinition } from './definition';

/** A routing step: its question, and one labelled output per route. */
export const RoutingNode = memo(function RoutingNode({ data }: NodeProps<RoutingNodeType>) {
  return (
    <StepNodeFrame definition={routingDefinition} data={data}>
      <QuestionBody step={data.step} question={data.step.routing_question} placeholder="No routing question" />
      <ScopeChip scope={data.scope} branchOf={data.branchOf} />
    </StepNodeFrame>
  );
});
