import type { AgentConfigs, LlmConfig } from './schema';

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

const isSet = (llm: LlmConfig | null | undefined): llm is LlmConfig =>
  !!llm && llm.provider.trim() !== '' && llm.model_id.trim() !== '';

/**
 * Seed 001 "LLM Selection Priority". Standard agents (todo_task orchestrator, orchestration
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
