import { asKnownStep, stepKind, type SubAgentStep } from '../plan/step';
import { routesOf } from '../plan/walk';
import { canonicalExecutionMode, type AgentConfigs } from '../step-config/schema';

/** The kinds that run the todo orchestrator, which a learn_code script replaces. */
const ORCHESTRATING_KINDS: ReadonlySet<string> = new Set(['todo_task', 'orchestrator', 'agent']);

export type LearnCodeRequirement = 'todo_task' | 'declared_mode' | 'predefined_route';

export interface LearnCodeEligibility {
  eligible: boolean;
  /** One sentence for the inspector: why it is (not) eligible. */
  reason: string;
  /** The runtime conditions not met, in the order docs/formats.md lists them (empty when eligible). */
  missing: LearnCodeRequirement[];
}

/**
 * docs/formats.md "learn_code fast path", runtime eligibility of the scripted fast path: the
 * step orchestrates (todo_task, or the newer orchestrator / agent), `declared_execution_mode` is
 * "learn_code" or its current name "scripted" in step_config.json (not plan.json), and it has at
 * least one predefined route (the script calls sub-agents by route).
 * The promotion policy (explicit request, 10+ successful runs) is the optimizer's call and is not
 * checked here.
 */
export function learnCodeEligibility(step: SubAgentStep, agentConfigs: AgentConfigs | null | undefined): LearnCodeEligibility {
  const known = asKnownStep(step);
  const delegation = routesOf(step);
  if (!known || !delegation || !ORCHESTRATING_KINDS.has(known.type)) {
    return {
      eligible: false,
      missing: ['todo_task'],
      reason: `the learn_code fast path is for todo_task, orchestrator and agent steps; "${step.id}" is a ${stepKind(step)} step`,
    };
  }
  const mode = agentConfigs?.declared_execution_mode;
  const routes = delegation.routes.length;
  const missing: LearnCodeRequirement[] = [];
  const reasons: string[] = [];
  if (canonicalExecutionMode(mode) !== 'scripted') {
    missing.push('declared_mode');
    reasons.push(
      mode == null || mode === ''
        ? 'declared_execution_mode is not set (it must be "scripted", or the older "learn_code", in step_config.json)'
        : `declared_execution_mode is "${mode}", not "scripted" (or the older "learn_code")`,
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
    reason: `eligible: declared_execution_mode is "${String(mode)}" and it has ${routes} predefined route${routes === 1 ? '' : 's'}; learnings/${step.id}/main.py runs first, the LLM orchestrator is the fallback`,
  };
}
