import type { AgentConfigs, LlmChoice, LlmConfig } from './schema';

export type LlmLevel = 'step' | 'preset' | 'default';
export type AgentRole = 'standard' | 'conditional';

export interface LlmResolutionInput {
  agentConfigs?: AgentConfigs | null;
  /** The workspace's preset execution LLM (`presetExecutionLLM`). */
  presetExecutionLlm?: LlmConfig | null;
  /** The orchestrator's default LLM, the last fallback. */
  defaultLlm?: LlmConfig | null;
  /** Conditional agents look at `conditional_llm` first. */
  role?: AgentRole;
}

export interface LlmResolution {
  llm: LlmConfig | undefined;
  level: LlmLevel | 'none';
  /** The agent_configs field it came from when level is `step`. */
  field?: 'conditional_llm' | 'execution_llm';
}

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/** Whether an LLM field names an LLM: provider and model, or a published LLM, or a connection. */
export function llmIsSet(llm: LlmChoice | null | undefined): llm is LlmChoice {
  return !!llm && ((filled(llm.provider) && filled(llm.model_id)) || filled(llm.published_llm_id) || filled(llm.connection_id));
}
const isSet = llmIsSet as (llm: LlmConfig | null | undefined) => llm is LlmConfig;

/** How the LLM chain names an LLM: `openai/gpt-4o`, `published LLM "fast"`, `connection "c1"`. */
export function llmLabel(llm: LlmChoice | null | undefined): string {
  if (!llm) return 'none';
  if (filled(llm.published_llm_id)) return `published LLM "${llm.published_llm_id}"`;
  if (filled(llm.provider) || filled(llm.model_id)) {
    const model = `${llm.provider ?? '?'}/${llm.model_id ?? '?'}`;
    return filled(llm.connection_id) ? `${model} via connection "${llm.connection_id}"` : model;
  }
  if (filled(llm.connection_id)) return `connection "${llm.connection_id}"`;
  return 'none';
}

/**
 * docs/formats.md "LLM selection priority". Standard agents (todo_task orchestrator, orchestration
 * orchestrator, generic and predefined sub-agents): step execution_llm > preset > default.
 * Conditional agents: step conditional_llm > step execution_llm > preset > default.
 */
export function resolveLlm(input: LlmResolutionInput): LlmResolution {
  const configs = input.agentConfigs ?? undefined;
  if (input.role === 'conditional' && isSet(configs?.conditional_llm)) {
    return { llm: configs.conditional_llm, level: 'step', field: 'conditional_llm' };
  }
  if (isSet(configs?.execution_llm)) return { llm: configs.execution_llm, level: 'step', field: 'execution_llm' };
  if (isSet(input.presetExecutionLlm)) return { llm: input.presetExecutionLlm, level: 'preset' };
  if (isSet(input.defaultLlm)) return { llm: input.defaultLlm, level: 'default' };
  return { llm: undefined, level: 'none' };
}
