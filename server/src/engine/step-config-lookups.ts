import { findStepConfig, resolveLlm, type AgentConfigs, type LlmConfig, type StepConfigEntry, type SubAgentStep, type ValidationSchema } from '@planvas/shared';
import type { RunContext } from './run-context';
import { stepValidation } from './step-field-readers';

// What a step's entry in step_config.json says about it (configuration, validation, LLM, tier),
// with the plan's and the parent step's values as fallbacks.

export function configOf(ctx: RunContext, stepId: string): StepConfigEntry | undefined {
  return findStepConfig(ctx.stepConfig, stepId);
}

/** step_config's validation_schema overrides the plan's (docs/formats.md "step_config.json"). */
export function validationOf(ctx: RunContext, step: SubAgentStep): ValidationSchema | undefined {
  return configOf(ctx, step.id)?.validation_schema ?? stepValidation(step);
}

/**
 * docs/formats.md "LLM selection priority": the step's own LLM (execution, or conditional first for
 * conditional agents), then the workspace's preset, then the default. A sub-agent without an LLM of
 * its own takes its parent step's (the orchestrator's) before the workspace default, so a route
 * runs on the model its orchestrator was given.
 */
export function llmOf(ctx: RunContext, stepId: string, role: 'standard' | 'conditional' = 'standard', parentStepId?: string): LlmConfig | undefined {
  const agentConfigs: AgentConfigs | undefined = configOf(ctx, stepId)?.agent_configs ?? undefined;
  const parentLlm = parentStepId !== undefined ? llmOf(ctx, parentStepId) : undefined;
  return resolveLlm({
    agentConfigs,
    role,
    presetExecutionLlm: ctx.llmSettings.presetExecutionLlm ?? null,
    defaultLlm: parentLlm ?? ctx.llmSettings.defaultLlm ?? null,
  }).llm;
}

const TIER_LABELS: Record<number, string> = { 1: 'High', 2: 'Medium', 3: 'Low' };

/** `todo_task_orchestrator_tier` as the real system reports it on route-selected events. */
export function tierOf(ctx: RunContext, stepId: string): { preferred_tier?: number; preferred_tier_label?: string } {
  const tier = Number(configOf(ctx, stepId)?.agent_configs?.todo_task_orchestrator_tier);
  return TIER_LABELS[tier] ? { preferred_tier: tier, preferred_tier_label: TIER_LABELS[tier] } : {};
}
