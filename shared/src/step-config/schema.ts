import { z } from 'zod';
import { ValidationSchema, optional } from '../plan/common';

/**
 * An LLM choice: `provider` + `model_id`, or (coding-agent-loop since 2026-06) a `published_llm_id`
 * naming an LLM published in the workspace, or (agentworks) a `connection_id`. Any of them may be
 * what a file holds, so none is required here; `llmIsSet` says whether one names an LLM.
 */
export const LlmChoice = z.looseObject({
  provider: optional(z.string()),
  model_id: optional(z.string()),
  published_llm_id: optional(z.string()),
  connection_id: optional(z.string()),
  options: optional(z.record(z.string(), z.unknown())),
});
export type LlmChoice = z.infer<typeof LlmChoice>;

/** `{ provider, model_id, fallbacks? }` (docs/formats.md "step_config.json"); agentworks has no fallbacks. */
export const LlmConfig = LlmChoice.extend({
  fallbacks: optional(z.array(LlmChoice)),
});
export type LlmConfig = z.infer<typeof LlmConfig>;

/**
 * Modes the runtimes declare: coding-agent-loop's `scripted` / `agentic` (since 2026-05-27), which
 * read the older `learn_code` / `code_exec` as those two; the seed era's `tool_search` and `simple`.
 * agentworks retired the field (contract v1.0.39) but still reads it.
 */
export const DECLARED_EXECUTION_MODES = ['scripted', 'agentic', 'learn_code', 'code_exec', 'tool_search', 'simple'] as const;

/** The current name of a declared mode: learn_code is scripted, code_exec is agentic. */
export function canonicalExecutionMode(mode: string | null | undefined): string | undefined {
  if (mode == null || mode.trim() === '') return undefined;
  if (mode === 'learn_code') return 'scripted';
  if (mode === 'code_exec') return 'agentic';
  return mode;
}

/**
 * step_config entry ids that match no plan step by design: `__workflow_drift_review__` (agentworks'
 * workflow-level drift review), `__evaluation_scoring__` (coding-agent-loop's evaluation scoring),
 * and, for the runtimes' future ones, any `__name__`.
 */
export function isReservedStepConfigId(id: string): boolean {
  return /^__[A-Za-z0-9_]+__$/.test(id);
}

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
  // Newer generations (docs/formats.md "step_config.json"); typed loosely, kept as written.
  execution_llm_reason: optional(z.string()),
  execution_tier: optional(z.string()),
  execution_tier_reason: optional(z.string()),
  learning_objective: optional(z.string()),
  learnings_access: optional(z.string()),
  lock_learnings_reason: optional(z.string()),
  lock_code: optional(z.boolean()),
  selected_servers: optional(z.array(z.unknown())),
  selected_tools: optional(z.array(z.unknown())),
  enabled_custom_tools: optional(z.array(z.unknown())),
  enabled_skills: optional(z.array(z.unknown())),
  additional_read_paths: optional(z.array(z.unknown())),
  knowledgebase_access: optional(z.string()),
  knowledgebase_contribution: optional(z.unknown()),
  disable_parallel_tool_execution: optional(z.boolean()),
  drift_review: optional(z.unknown()),
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
