import type { StepStatus, StepStatusChanged, SubAgentStep } from '@planvas/shared';
import type { RunContext } from './run-context';
import { stepText } from './step-field-readers';
import type { StepPosition } from './step-position';

/**
 * Emits a `step_status` event: the step's new status with its type, title and place in the plan
 * (`position`; none for a sub-agent), and `extra` (the parent step and route of a sub-agent, a
 * failure's reason, a carried-over run).
 */
export function emitStatus(
  ctx: RunContext,
  step: SubAgentStep,
  position: StepPosition | undefined,
  status: StepStatus,
  extra: Partial<StepStatusChanged> = {},
): void {
  const data: StepStatusChanged = {
    step_id: step.id,
    status,
    step_type: step.type ?? 'regular',
    ...(position ? { step_index: position.step_index, step_path: position.step_path } : {}),
    ...(stepText(step, 'title') ? { step_title: stepText(step, 'title') } : {}),
    ...extra,
  };
  ctx.emit({ type: 'step_status', data });
}
