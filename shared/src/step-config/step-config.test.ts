import { describe, expect, it } from 'vitest';
import { readPlan } from '../plan/read-plan';
import { FIXTURE_WORKFLOWS, fixtureJson } from '../test-support/fixtures';
import { checkStepConfig } from './checks';
import { readStepConfig, stepConfigForFile } from './read-step-config';

describe('readStepConfig', () => {
  it.each(FIXTURE_WORKFLOWS.filter((w) => fixtureJson(w, 'step_config.json') !== undefined))('reads %s', (workflow) => {
    const raw = fixtureJson(workflow, 'step_config.json');
    const result = readStepConfig(raw);
    expect(result.ok ? [] : result.details).toEqual([]);
    if (result.ok) expect(stepConfigForFile(result.config, result.form)).toEqual(raw);
  });

  it('reads the legacy array form and writes it back as an array', () => {
    const raw = [{ id: 'a', agent_configs: { execution_max_turns: 3, custom: true } }];
    const result = readStepConfig(raw);
    expect(result).toMatchObject({ ok: true, form: 'array', config: { steps: raw } });
  });

  it('reports bad fields with their paths', () => {
    // A provider without a model is legal (Go: both omitempty; a published LLM may stand instead); a number is not.
    const result = readStepConfig({ steps: [{ id: 'a', agent_configs: { execution_llm: { provider: 'openai', model_id: 5 }, execution_max_turns: -1 } }] });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.details.map((d) => d.path)).toEqual(['$.steps[0].agent_configs.execution_llm.model_id', '$.steps[0].agent_configs.execution_max_turns']);
    }
  });
});

describe('checkStepConfig', () => {
  it('suggests merging an old inner id into its outer step and removing unknown ids', () => {
    const read = readPlan(fixtureJson('Workflow/LegacyOnboarding', 'plan.json'));
    const config = readStepConfig(fixtureJson('Workflow/LegacyOnboarding', 'step_config.json'));
    if (!read.ok || !config.ok) throw new Error('fixture must parse');
    const problems = checkStepConfig(read.plan, config.config, { promotions: read.promotions });
    expect(problems.map((p) => [p.stepId, p.suggestion])).toEqual(
      expect.arrayContaining([
        ['onboarding-orchestrator', { action: 'merge', into: 'onboarding-tasks' }],
        [expect.any(String), { action: 'remove' }],
      ]),
    );
  });

  it('finds nothing wrong in the demo', () => {
    const read = readPlan(fixtureJson('Workflow/ResearchReport', 'plan.json'));
    const config = readStepConfig(fixtureJson('Workflow/ResearchReport', 'step_config.json'));
    if (!read.ok || !config.ok) throw new Error('fixture must parse');
    expect(checkStepConfig(read.plan, config.config)).toEqual([]);
  });
});
