import { describe, expect, it } from 'vitest';
import { agentConfigsOf, removeAgentConfigField, setAgentConfig } from './agent-config';
import { demoDocument, documentOf, expectOk, expectRefused } from './test-documents';

describe('setAgentConfig', () => {
  it('sets fields of an existing entry, keeping unknown fields and other entries', () => {
    const doc = demoDocument();
    const llm = { provider: 'anthropic', model_id: 'claude-sonnet-4' };
    const next = expectOk(setAgentConfig(doc, 'research-todo', { execution_llm: llm, execution_max_turns: 60 })).doc;
    const configs = agentConfigsOf(next, 'research-todo');
    expect(configs).toMatchObject({ execution_llm: llm, execution_max_turns: 60, reasoning_effort: 'medium', successful_runs: 3 });
    expect(Object.keys(configs ?? {})).toEqual(Object.keys(agentConfigsOf(doc, 'research-todo') ?? {}));
    expect(next.stepConfig?.steps[0]).toMatchObject({ last_reviewed_at: '2025-06-10T08:30:00Z' });
    expect(next.stepConfig?.steps[1]).toBe(doc.stepConfig?.steps[1]);
    expect(next.plan).toBe(doc.plan);
  });

  it('removes a field set to undefined, and removeAgentConfigField does the same', () => {
    const doc = demoDocument();
    const a = expectOk(setAgentConfig(doc, 'research-todo', { declared_execution_mode: undefined })).doc;
    const b = expectOk(removeAgentConfigField(doc, 'research-todo', 'declared_execution_mode')).doc;
    expect(agentConfigsOf(a, 'research-todo')).toEqual(agentConfigsOf(b, 'research-todo'));
    expect('declared_execution_mode' in (agentConfigsOf(a, 'research-todo') ?? {})).toBe(false);
    expect(expectOk(removeAgentConfigField(doc, 'research-todo', 'never-there')).doc).toBe(doc);
    expect(expectOk(removeAgentConfigField(doc, 'draft-report', 'execution_llm')).doc).toBe(doc);
  });

  it('creates the entry, with the step title, and step_config itself when missing', () => {
    const doc = demoDocument();
    const next = expectOk(setAgentConfig(doc, 'draft-report', { execution_max_turns: 12 })).doc;
    expect(next.stepConfig?.steps.at(-1)).toEqual({ id: 'draft-report', title: 'Draft Report', agent_configs: { execution_max_turns: 12 } });
    const bare = documentOf({ steps: [{ type: 'regular', id: 'a' }] });
    expect(expectOk(setAgentConfig(bare, 'a', { declared_execution_mode: 'learn_code' })).doc.stepConfig).toEqual({
      steps: [{ id: 'a', agent_configs: { declared_execution_mode: 'learn_code' } }],
    });
    expect(expectOk(setAgentConfig(bare, 'a', { execution_llm: undefined })).doc).toBe(bare);
  });

  it('configures sub-agent steps too', () => {
    const next = expectOk(setAgentConfig(demoDocument(), 'fact-checker', { execution_max_turns: 5 })).doc;
    expect(agentConfigsOf(next, 'fact-checker')).toEqual({ execution_max_turns: 5 });
  });

  it('refuses unknown steps and invalid values with the path in step_config.json', () => {
    const doc = demoDocument();
    expect(expectRefused(setAgentConfig(doc, 'nope', { execution_max_turns: 1 }))).toMatch(/no step "nope"/);
    const invalid = setAgentConfig(doc, 'research-todo', { execution_max_turns: -1, execution_llm: { provider: 'openai', model_id: 5 } as never });
    expect(invalid.ok).toBe(false);
    if (!invalid.ok) {
      expect(invalid.reason).toMatch(/would not be valid/);
      expect(invalid.details?.map((d) => d.path).sort()).toEqual([
        '$.steps[0].agent_configs.execution_llm.model_id',
        '$.steps[0].agent_configs.execution_max_turns',
      ]);
    }
  });
});
