import { formatJsonPath } from '../errors/error-details';
import type { LegacyPromotion } from '../plan/legacy';
import type { Plan } from '../plan/plan';
import type { Problem } from '../plan/problems';
import { walkSteps } from '../plan/walk';
import { isReservedStepConfigId, type StepConfig, type StepConfigForm } from './schema';

/**
 * step_config entries are matched to plan steps by id. An entry whose id names no step is orphaned:
 * typically the old inner id of a legacy todo_task (merge it into the outer step), else a deleted
 * step (remove it). `promotions` lets us recognise inner ids even after the plan was read flat.
 */
export function checkStepConfig(
  plan: Plan,
  config: StepConfig,
  options: { form?: StepConfigForm; promotions?: ReadonlyArray<LegacyPromotion> } = {},
): Problem[] {
  const stepIds = new Set<string>();
  for (const visit of walkSteps(plan)) stepIds.add(visit.step.id);
  const innerToOuter = new Map<string, string>();
  for (const p of options.promotions ?? []) if (p.innerId) innerToOuter.set(p.innerId, p.outerId);

  const problems: Problem[] = [];
  const seen = new Set<string>();
  config.steps.forEach((entry, i) => {
    const path = formatJsonPath(options.form === 'array' ? [i] : ['steps', i]);
    if (seen.has(entry.id)) {
      problems.push({
        code: 'duplicate_step_config',
        severity: 'warning',
        path,
        stepId: entry.id,
        message: `step_config has more than one entry for "${entry.id}"; coding-agent-loop's parser refuses duplicates and its reader keeps the last (readAndRepairStepConfigs)`,
      });
    }
    seen.add(entry.id);
    if (stepIds.has(entry.id) || isReservedStepConfigId(entry.id)) return;
    const outer = innerToOuter.get(entry.id);
    problems.push(
      outer
        ? {
            code: 'orphan_step_config',
            severity: 'warning',
            path,
            stepId: entry.id,
            suggestion: { action: 'merge', into: outer },
            message: `step_config entry "${entry.id}" is the old inner id of todo_task "${outer}"; merge its settings into "${outer}"`,
          }
        : {
            code: 'orphan_step_config',
            severity: 'warning',
            path,
            stepId: entry.id,
            suggestion: { action: 'remove' },
            message: `step_config entry "${entry.id}" matches no step of the plan; remove it`,
          },
    );
  });
  return problems;
}
