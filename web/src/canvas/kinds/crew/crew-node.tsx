import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { ExternalLink, Timer } from 'lucide-react';
import type { CrewNode as CrewNodeType } from '../../../flow/node-data';
import { ScopeChip } from '../../parts/branch-chip';
import { QuestionBody } from '../../parts/question-body';
import { StepNodeFrame } from '../../parts/step-node-frame';
import { crewDefinition } from './definition';

/** The runtimes' default wait when timeout_seconds is 0 or absent (validateCrewStepFieldsTyped, agentworks). */
const DEFAULT_TIMEOUT_SECONDS = 1800;

/** A crew step (agentworks): run by an external crew, so planvas shows whom it triggers and how long it waits. */
export const CrewNode = memo(function CrewNode({ data }: NodeProps<CrewNodeType>) {
  const { step } = data;
  const timeout = typeof step.timeout_seconds === 'number' && step.timeout_seconds > 0 ? step.timeout_seconds : DEFAULT_TIMEOUT_SECONDS;
  const rows: Array<[string, string | null | undefined]> = [
    ['Profile', step.crew_profile_id],
    ['Project', step.crew_project_id],
    ['Trigger', step.trigger_id],
  ];
  return (
    <StepNodeFrame definition={crewDefinition} data={data}>
      <QuestionBody step={step} question={step.instruction} placeholder="No instruction" />
      <dl className="pv-node__facts" data-testid="crew-facts">
        {rows.map(([label, value]) => (
          <div key={label} className="pv-node__fact">
            <dt>{label}</dt>
            <dd title={value ?? undefined}>{value?.trim() ? value : <span className="pv-node__placeholder">not set</span>}</dd>
          </div>
        ))}
      </dl>
      <div className="pv-node__meta">
        <span className="pv-chip pv-chip--external" data-testid="crew-external" title="planvas does not run this step itself: an external crew does">
          <ExternalLink size={11} aria-hidden />
          run by an external crew
        </span>
        <span
          className="pv-chip pv-chip--muted"
          data-testid="crew-timeout"
          title={`Waits at most ${timeout} s for the crew${timeout === DEFAULT_TIMEOUT_SECONDS && !(step.timeout_seconds && step.timeout_seconds > 0) ? ' (the default)' : ''}`}
        >
          <Timer size={11} aria-hidden />
          {formatSeconds(timeout)}
        </span>
        <ScopeChip scope={data.scope} branchOf={data.branchOf} />
      </div>
    </StepNodeFrame>
  );
});

function formatSeconds(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}
