import { describe, expect, it } from 'vitest';
import { readStepConfig } from '../step-config/read-step-config';
import { fixtureJson } from '../test-support/fixtures';
import { planWorkflowMigration } from './migrate';
import { readPlan } from '../plan/read-plan';

describe('planWorkflowMigration', () => {
  it('plans the legacy fixture migration', () => {
    const read = readPlan(fixtureJson('Workflow/LegacyOnboarding', 'plan.json'));
    const config = readStepConfig(fixtureJson('Workflow/LegacyOnboarding', 'step_config.json'));
    if (!read.ok || !config.ok) throw new Error('fixture must parse');
    const outerBefore = config.config.steps.find((e) => e.id === 'onboarding-tasks');
    const migration = planWorkflowMigration({
      plan: read.plan,
      promotions: read.promotions,
      stepConfig: config.config,
      learningsFolders: ['onboarding-orchestrator'],
    });
    const kinds = migration.changes.map((c) => c.kind);
    expect(kinds.filter((k) => k === 'plan_flattened')).toHaveLength(2);
    expect(kinds).toContain('step_config_merged');
    expect(kinds).toContain('step_config_removed');
    expect(migration.learningsRenames).toEqual([{ from: 'onboarding-orchestrator', to: 'onboarding-tasks' }]);
    const merged = migration.stepConfig?.steps.find((e) => e.id === 'onboarding-tasks');
    // The outer step's own settings win over the orphan's.
    expect(merged?.agent_configs?.execution_max_turns).toBe(outerBefore?.agent_configs?.execution_max_turns);
    expect(migration.stepConfig?.steps.some((e) => e.id === 'onboarding-orchestrator')).toBe(false);
  });

  it('keeps learnings when the outer folder exists', () => {
    const read = readPlan({ steps: [{ type: 'todo_task', id: 'o', enable_generic_agent: true, todo_task_step: { id: 'i' } }] });
    if (!read.ok) throw new Error('must parse');
    const migration = planWorkflowMigration({ plan: read.plan, promotions: read.promotions, learningsFolders: ['i', 'o'] });
    expect(migration.learningsRenames).toEqual([]);
    expect(migration.changes.map((c) => c.kind)).toEqual(['plan_flattened', 'learnings_kept']);
  });
});
