import { describe, expect, it } from 'vitest';
import type { SubAgentStep } from '../plan/step';
import { createStep } from './create-step';
import { learnCodeEligibility } from './learn-code';
import { demoDocument, stepOf } from './test-documents';

describe('learnCodeEligibility (docs/formats.md "learn_code fast path")', () => {
  const todo = stepOf(demoDocument(), 'research-todo');
  const noRoutes = { ...todo, predefined_routes: [] } as SubAgentStep;

  it('is eligible with declared mode learn_code and at least one predefined route', () => {
    const result = learnCodeEligibility(todo, { declared_execution_mode: 'learn_code' });
    expect(result).toMatchObject({ eligible: true, missing: [] });
    expect(result.reason).toMatch(/3 predefined routes; learnings\/research-todo\/main\.py runs first/);
  });

  it('explains each missing condition', () => {
    expect(learnCodeEligibility(todo, { declared_execution_mode: 'simple' })).toMatchObject({
      eligible: false,
      missing: ['declared_mode'],
      reason: expect.stringMatching(/declared_execution_mode is "simple", not "scripted" \(or the older "learn_code"\)/),
    });
    expect(learnCodeEligibility(todo, null).reason).toMatch(/is not set \(it must be "scripted", or the older "learn_code", in step_config.json\)/);
    expect(learnCodeEligibility(noRoutes, { declared_execution_mode: 'learn_code' })).toMatchObject({ eligible: false, missing: ['predefined_route'] });
    expect(learnCodeEligibility(noRoutes, {})).toMatchObject({ eligible: false, missing: ['declared_mode', 'predefined_route'] });
  });

  it('takes the current name "scripted" and the newer orchestrating kinds', () => {
    expect(learnCodeEligibility(todo, { declared_execution_mode: 'scripted' })).toMatchObject({ eligible: true });
    const orchestrator = { ...todo, type: 'orchestrator' } as SubAgentStep;
    expect(learnCodeEligibility(orchestrator, { declared_execution_mode: 'scripted' })).toMatchObject({ eligible: true });
    expect(learnCodeEligibility(todo, { declared_execution_mode: 'agentic' })).toMatchObject({ eligible: false, missing: ['declared_mode'] });
  });

  it('applies to orchestrating steps only', () => {
    expect(learnCodeEligibility(createStep('regular'), { declared_execution_mode: 'learn_code' })).toMatchObject({
      eligible: false,
      missing: ['todo_task'],
      reason: expect.stringMatching(/for todo_task, orchestrator and agent steps; "step" is a regular step/),
    });
  });
});
