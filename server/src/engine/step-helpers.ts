import {
  findStepConfig,
  resolveLlm,
  type AgentConfigs,
  type LlmConfig,
  type StepConfigEntry,
  type StepStatus,
  type StepStatusChanged,
  type SubAgentStep,
  type ValidationSchema,
} from '@planvas/shared';
import type { RunContext } from './run-context';
import { stepText, stepValidation } from './step-fields';
import type { StepPosition } from './step-position';

export function configOf(ctx: RunContext, stepId: string): StepConfigEntry | undefined {
  return findStepConfig(ctx.stepConfig, stepId);
}

/** step_config's validation_schema overrides the plan's (docs/formats.md). */
export function validationOf(ctx: RunContext, step: SubAgentStep): ValidationSchema | undefined {
  return configOf(ctx, step.id)?.validation_schema ?? stepValidation(step);
}

/**
 * Seed 001 "LLM Selection Priority": execution LLM for standard agents, conditional first for
 * conditional ones. A sub-agent without an LLM of its own falls back to its parent step's (the
 * orchestrator's), which plays the chain's "default" level here.
 */
export function llmOf(ctx: RunContext, stepId: string, role: 'standard' | 'conditional' = 'standard', parentStepId?: string): LlmConfig | undefined {
  const agentConfigs: AgentConfigs | undefined = configOf(ctx, stepId)?.agent_configs ?? undefined;
  const defaultLlm = parentStepId !== undefined ? llmOf(ctx, parentStepId) : undefined;
  return resolveLlm({ agentConfigs, role, defaultLlm }).llm;
}

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

const TIER_LABELS: Record<number, string> = { 1: 'High', 2: 'Medium', 3: 'Low' };

/** `todo_task_orchestrator_tier` as the real system reports it on route-selected events. */
export function tierOf(ctx: RunContext, stepId: string): { preferred_tier?: number; preferred_tier_label?: string } {
  const tier = Number(configOf(ctx, stepId)?.agent_configs?.todo_task_orchestrator_tier);
  return TIER_LABELS[tier] ? { preferred_tier: tier, preferred_tier_label: TIER_LABELS[tier] } : {};
}
