import { z } from 'zod';
import { ValidationSchema, optional } from '../plan/common';

export const LlmChoice = z.looseObject({
  provider: z.string(),
  model_id: z.string(),
});
export type LlmChoice = z.infer<typeof LlmChoice>;

/** `{ provider, model_id, fallbacks? }` (FORMATS.md). */
export const LlmConfig = LlmChoice.extend({
  fallbacks: optional(z.array(LlmChoice)),
});
export type LlmConfig = z.infer<typeof LlmConfig>;

export const DECLARED_EXECUTION_MODES = ['learn_code', 'code_exec', 'tool_search', 'simple'] as const;

/** Per-step agent configuration. Many more fields exist in the wild; unknown ones are kept. */
export const AgentConfigs = z.looseObject({
  execution_llm: optional(LlmConfig),
  conditional_llm: optional(LlmConfig),
  learning_llm: optional(LlmConfig),
  orchestrator_llm: optional(LlmConfig),
  sub_agent_llm: optional(LlmConfig),
  execution_max_turns: optional(z.number().int().nonnegative()),
  learning_max_turns: optional(z.number().int().nonnegative()),
  orchestration_max_iterations: optional(z.number().int().nonnegative()),
  // A newer runtime may declare a mode planvas does not know; it is kept, not rejected.
  declared_execution_mode: optional(z.string()),
  declared_execution_mode_reason: optional(z.string()),
  use_learn_code_mode: optional(z.boolean()),
  learn_code_max_fix_iterations: optional(z.number()),
  disable_learning: optional(z.boolean()),
  lock_learnings: optional(z.boolean()),
  todo_task_orchestrator_tier: optional(z.union([z.number(), z.string()])),
});
export type AgentConfigs = z.infer<typeof AgentConfigs>;

export const StepConfigEntry = z.looseObject({
  id: z.string().min(1, 'step id must not be empty'),
  title: optional(z.string()),
  agent_configs: optional(AgentConfigs),
  validation_schema: optional(ValidationSchema),
});
export type StepConfigEntry = z.infer<typeof StepConfigEntry>;

/** step_config.json in its current object form. */
export const StepConfig = z.looseObject({
  steps: z.array(StepConfigEntry),
});
export type StepConfig = z.infer<typeof StepConfig>;

/** What may be on disk: the object form, or the legacy bare array of entries. */
export const StepConfigFile = z.union([StepConfig, z.array(StepConfigEntry)]);
export type StepConfigFile = z.infer<typeof StepConfigFile>;
export type StepConfigForm = 'object' | 'array';
