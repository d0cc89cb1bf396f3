import { describe, expect, it } from 'vitest';
import type { OrchestratingStep, Step } from './index';
import { hasGenericAgent, runsTodoOrchestrator } from './orchestrating';

const route = { route_id: 'r', route_name: 'R', sub_agent_step: { id: 'r', title: 'R' } };

describe('runsTodoOrchestrator', () => {
  it('is true for todo_task and orchestrator, for an agent only with routes', () => {
    expect(runsTodoOrchestrator({ type: 'todo_task', id: 'a' } as Step)).toBe(true);
    expect(runsTodoOrchestrator({ type: 'orchestrator', id: 'a' } as Step)).toBe(true);
    expect(runsTodoOrchestrator({ type: 'agent', id: 'a', items: [] } as Step)).toBe(false);
    expect(runsTodoOrchestrator({ type: 'agent', id: 'a', predefined_routes: [route] } as Step)).toBe(true);
    expect(runsTodoOrchestrator({ type: 'message_sequence', id: 'a', predefined_routes: [route] } as Step)).toBe(false);
    expect(runsTodoOrchestrator({ id: 'untyped' } as Step)).toBe(false);
    expect(runsTodoOrchestrator({ type: 'future_kind', id: 'a', predefined_routes: [route] } as unknown as Step)).toBe(false);
  });
});

describe('hasGenericAgent', () => {
  it('follows enable_generic_agent in seed files only; later generations always have it', () => {
    const off = { type: 'todo_task', id: 't', enable_generic_agent: false } as OrchestratingStep;
    const on = { type: 'todo_task', id: 't', enable_generic_agent: true } as OrchestratingStep;
    expect(hasGenericAgent(off, 'seed')).toBe(false);
    expect(hasGenericAgent(on, 'seed')).toBe(true);
    for (const generation of ['loop', 'agentworks', 'agent'] as const) expect(hasGenericAgent(off, generation)).toBe(true);
  });
});
