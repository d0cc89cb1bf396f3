import { asKnownStep, type SubAgentStep } from '@planvas/shared';
import type { RunContext } from './run-context';
import { validationOf } from './step-config-lookups';
import { StepFailure } from './step-failure';
import type { StepPosition } from './step-position';
import { emitStatus } from './step-status-events';
import { validateOutputs } from './validation';

/** Runs a step's validation in the execution folder; a failure stops the step with the problems. */
export async function validateStep(ctx: RunContext, step: SubAgentStep, position: StepPosition): Promise<void> {
  emitStatus(ctx, step, position, 'evaluating');
  const known = asKnownStep(step);
  const inner = known?.type === 'orchestration' ? known.orchestration_step : undefined;
  const schema = validationOf(ctx, step) ?? inner?.validation_schema ?? undefined;
  const outcome = await validateOutputs(schema, ctx.paths.executionDir);
  ctx.emit({ type: 'validation_result', data: { step_id: step.id, passed: outcome.passed, problems: outcome.problems } });
  if (!outcome.passed) {
    const first = outcome.problems.slice(0, 3).map((p) => `${p.file}${p.path ? ` ${p.path}` : ''}: ${p.message}`);
    const more = outcome.problems.length > 3 ? ` (+${outcome.problems.length - 3} more)` : '';
    throw new StepFailure('validation', `validation failed: ${first.join('; ')}${more}`, step.id);
  }
}
