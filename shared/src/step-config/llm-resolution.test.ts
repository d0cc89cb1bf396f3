import { describe, expect, it } from 'vitest';
import { resolveLlm } from './llm-resolution';

const step = { provider: 'openai', model_id: 'gpt-4.1' };
const cond = { provider: 'anthropic', model_id: 'claude-haiku' };
const preset = { provider: 'vertex', model_id: 'gemini-2.5-pro' };
const fallback = { provider: 'openrouter', model_id: 'x' };

describe('resolveLlm (seed 001 "LLM Selection Priority")', () => {
  it('standard agents: step > preset > default', () => {
    expect(resolveLlm({ agentConfigs: { execution_llm: step, conditional_llm: cond }, presetExecutionLlm: preset, defaultLlm: fallback })).toEqual({ llm: step, level: 'step', field: 'execution_llm' });
    expect(resolveLlm({ agentConfigs: { conditional_llm: cond }, presetExecutionLlm: preset, defaultLlm: fallback })).toEqual({ llm: preset, level: 'preset' });
    expect(resolveLlm({ agentConfigs: {}, defaultLlm: fallback })).toEqual({ llm: fallback, level: 'default' });
    expect(resolveLlm({})).toEqual({ llm: undefined, level: 'none' });
  });

  it('conditional agents: conditional_llm > execution_llm > preset > default', () => {
    const role = 'conditional' as const;
    expect(resolveLlm({ role, agentConfigs: { execution_llm: step, conditional_llm: cond }, presetExecutionLlm: preset })).toEqual({ llm: cond, level: 'step', field: 'conditional_llm' });
    expect(resolveLlm({ role, agentConfigs: { execution_llm: step }, presetExecutionLlm: preset })).toEqual({ llm: step, level: 'step', field: 'execution_llm' });
    expect(resolveLlm({ role, presetExecutionLlm: preset, defaultLlm: fallback })).toEqual({ llm: preset, level: 'preset' });
  });

  it('treats an LLM with an empty model as not set', () => {
    expect(resolveLlm({ agentConfigs: { execution_llm: { provider: 'openai', model_id: '' } }, presetExecutionLlm: preset })).toEqual({ llm: preset, level: 'preset' });
  });
});
