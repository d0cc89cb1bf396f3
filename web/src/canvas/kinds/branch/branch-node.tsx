import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { Braces, FileSearch } from 'lucide-react';
import type { BranchNode as BranchNodeType } from '../../../flow/node-data';
import { ScopeChip } from '../../parts/branch-chip';
import { QuestionBody } from '../../parts/question-body';
import { StepNodeFrame } from '../../parts/step-node-frame';
import { branchDefinition } from './definition';

/**
 * A branch step (agentworks): its question and one labelled output per route, the default marked
 * on its handle. When it picks by value, the value it reads (`value_path` in `route_source_file`)
 * and how many cases map values to routes.
 */
export const BranchNode = memo(function BranchNode({ data }: NodeProps<BranchNodeType>) {
  const { step } = data;
  const valuePath = step.value_path?.trim() ? step.value_path : undefined;
  const source = step.route_source_file?.trim() ? step.route_source_file : undefined;
  const cases = Object.entries(step.value_cases ?? {});
  return (
    <StepNodeFrame definition={branchDefinition} data={data}>
      <QuestionBody step={step} question={step.branch_question} placeholder="No branch question" />
      {(valuePath || source) && (
        <div className="pv-node__meta" data-testid="branch-value">
          <span
            className="pv-chip pv-chip--value"
            title={`Picks the route by the value at ${valuePath ?? '(no value_path)'} in ${source ?? 'the route source'}`}
          >
            <FileSearch size={11} aria-hidden />
            <span className="pv-chip__text">{source ?? 'route source'}</span>
          </span>
          {valuePath && (
            <span
              className="pv-chip pv-chip--value"
              data-testid="branch-value-path"
              title={cases.map(([value, route]) => `${value} → ${route}`).join('\n') || 'No value cases'}
            >
              <Braces size={11} aria-hidden />
              <span className="pv-chip__text">{valuePath}</span>
              <span className="pv-chip__count" data-testid="branch-cases">
                {cases.length} case{cases.length === 1 ? '' : 's'}
              </span>
            </span>
          )}
        </div>
      )}
      <ScopeChip scope={data.scope} branchOf={data.branchOf} />
    </StepNodeFrame>
  );
});
