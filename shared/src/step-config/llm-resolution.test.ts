import { describe, expect, it } from 'vitest';
import { llmLabel, resolveLlm } from './llm-resolution';
import { canonicalExecutionMode } from './schema';

const step = { provider: 'openai', model_id: 'gpt-4.1' };
const cond = { provider: 'anthropic', model_id: 'claude-haiku' };
const preset = { provider: 'vertex', model_id: 'gemini-2.5-pro' };
const fallback = { provider: 'openrouter', model_id: 'x' };

describe('resolveLlm (docs/formats.md "LLM selection priority")', () => {
  it('standard agents: step > preset > default', () => {
    expect(resolveLlm({ agentConfigs: { execution_llm: step, conditional_llm: cond }, presetExecutionLlm: preset, defaultLlm: fallback })).toEqual({
      llm: step,
      level: 'step',
      field: 'execution_llm',
    });
    expect(resolveLlm({ agentConfigs: { conditional_llm: cond }, presetExecutionLlm: preset, defaultLlm: fallback })).toEqual({ llm: preset, level: 'preset' });
    expect(resolveLlm({ agentConfigs: {}, defaultLlm: fallback })).toEqual({ llm: fallback, level: 'default' });
    expect(resolveLlm({})).toEqual({ llm: undefined, level: 'none' });
  });

  it('conditional agents: conditional_llm > execution_llm > preset > default', () => {
    const role = 'conditional' as const;
    expect(resolveLlm({ role, agentConfigs: { execution_llm: step, conditional_llm: cond }, presetExecutionLlm: preset })).toEqual({
      llm: cond,
      level: 'step',
      field: 'conditional_llm',
    });
    expect(resolveLlm({ role, agentConfigs: { execution_llm: step }, presetExecutionLlm: preset })).toEqual({
      llm: step,
      level: 'step',
      field: 'execution_llm',
    });
    expect(resolveLlm({ role, presetExecutionLlm: preset, defaultLlm: fallback })).toEqual({ llm: preset, level: 'preset' });
  });

  it('treats an LLM with an empty model as not set', () => {
    expect(resolveLlm({ agentConfigs: { execution_llm: { provider: 'openai', model_id: '' } }, presetExecutionLlm: preset })).toEqual({
      llm: preset,
      level: 'preset',
    });
  });
});

describe('newer LLM fields', () => {
  it('resolves a published LLM or a connection as set, and names it as such', () => {
    const published = { published_llm_id: 'fast-reasoner' };
    expect(resolveLlm({ agentConfigs: { execution_llm: published }, defaultLlm: { provider: 'openai', model_id: 'gpt-4o' } })).toMatchObject({
      level: 'step',
      llm: published,
    });
    expect(llmLabel(published)).toBe('published LLM "fast-reasoner"');
    expect(llmLabel({ connection_id: 'c1' })).toBe('connection "c1"');
    expect(llmLabel({ provider: 'claude-code', model_id: 'sonnet', connection_id: 'c1' })).toBe('claude-code/sonnet via connection "c1"');
    expect(resolveLlm({ agentConfigs: { execution_llm: { provider: '', model_id: '' } } }).level).toBe('none');
  });

  it('reads the older execution modes under their current names', () => {
    expect(['learn_code', 'code_exec', 'scripted', 'agentic', ''].map(canonicalExecutionMode)).toEqual([
      'scripted',
      'agentic',
      'scripted',
      'agentic',
      undefined,
    ]);
  });
});
