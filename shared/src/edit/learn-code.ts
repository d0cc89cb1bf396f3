import { asKnownStep, stepKind, type SubAgentStep } from '../plan/step';
import type { AgentConfigs } from '../step-config/schema';

export type LearnCodeRequirement = 'todo_task' | 'declared_mode' | 'predefined_route';

export interface LearnCodeEligibility {
  eligible: boolean;
  /** One sentence for the inspector: why it is (not) eligible. */
  reason: string;
  /** The runtime conditions not met, in the seed's order (empty when eligible). */
  missing: LearnCodeRequirement[];
}

/**
 * Seed 001 "Orchestrator learn_code mode", runtime eligibility of the scripted fast path: the
 * step is a todo_task, `declared_execution_mode` is "learn_code" in step_config.json (not
 * plan.json), and it has at least one predefined route (the script calls sub-agents by route).
 * The promotion policy (explicit request, 10+ successful runs) is the optimizer's call and is not
 * checked here.
 */
export function learnCodeEligibility(step: SubAgentStep, agentConfigs: AgentConfigs | null | undefined): LearnCodeEligibility {
  const known = asKnownStep(step);
  if (known?.type !== 'todo_task') {
    return {
      eligible: false,
      missing: ['todo_task'],
      reason: `the learn_code fast path is for todo_task steps; "${step.id}" is a ${stepKind(step)} step`,
    };
  }
  const mode = agentConfigs?.declared_execution_mode;
  const routes = known.predefined_routes?.length ?? 0;
  const missing: LearnCodeRequirement[] = [];
  const reasons: string[] = [];
  if (mode !== 'learn_code') {
    missing.push('declared_mode');
    reasons.push(
      mode == null || mode === ''
        ? 'declared_execution_mode is not set (it must be "learn_code" in step_config.json)'
        : `declared_execution_mode is "${mode}", not "learn_code"`,
    );
  }
  if (routes === 0) {
    missing.push('predefined_route');
    reasons.push('it has no predefined route (the script calls sub-agents through routes)');
  }
  if (missing.length > 0) return { eligible: false, missing, reason: `not eligible: ${reasons.join('; and ')}` };
  return {
    eligible: true,
    missing,
    reason: `eligible: declared_execution_mode is "learn_code" and it has ${routes} predefined route${routes === 1 ? '' : 's'}; learnings/${step.id}/main.py runs first, the LLM orchestrator is the fallback`,
  };
}
