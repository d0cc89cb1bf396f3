import { describe, expect, it } from 'vitest';
import { eventPayloadIssues, isEvent, knownEvent, parseEventEnvelope, type PlanvasEvent } from './envelopes';
import { EVENT_SCHEMAS } from './payloads';

const envelope = (type: string, data: unknown, seq = 1) => ({ seq, type, timestamp: '2026-01-01T00:00:00Z', data });

describe('event envelopes', () => {
  it('knows every type of the README events table', () => {
    expect(Object.keys(EVENT_SCHEMAS).sort()).toEqual(
      [
        'run_status',
        'step_status',
        'todo_task_route_selected',
        'todo_task_item_created',
        'todo_task_item_updated',
        'todo_task_item_completed',
        'todo_task_step_completed',
        'todo_snapshot',
        'objective_updated',
        'human_input_requested',
        'human_input_answered',
        'branch_taken',
        'branch_value',
        'sequence_item',
        'crew_call',
        'llm_usage',
        'decision_overridden',
        'validation_result',
        'learning_recorded',
        'learn_code_result',
        'run_error',
      ].sort(),
    );
  });

  it('reads an envelope and narrows it by type to a typed payload', () => {
    const event: PlanvasEvent = parseEventEnvelope(
      envelope('sequence_item', { step_id: 's', item_id: 'i', item_type: 'foreach', index: 0, status: 'started', iteration: 2 }),
    )!;
    expect(isEvent(event, 'sequence_item')).toBe(true);
    expect(isEvent(event, 'step_status')).toBe(false);
    if (!isEvent(event, 'sequence_item')) throw new Error('narrowing');
    const status: 'started' | 'completed' = event.data.status;
    expect(status).toBe('started');
    const known = knownEvent(event);
    expect(known?.type === 'sequence_item' ? known.data.iteration : undefined).toBe(2);
  });

  it('keeps an unknown type with any payload, never narrowed', () => {
    const event = parseEventEnvelope(envelope('agent_thought', { text: 'x', status: 'running' }))!;
    expect(event.data).toEqual({ text: 'x', status: 'running' });
    expect(knownEvent(event)).toBeUndefined();
  });

  it('keeps a known type whose payload fails its schema, as it is, but does not narrow it', () => {
    const raw = envelope('crew_call', { step_id: 'c', simulated: true });
    const event = parseEventEnvelope(raw)!;
    expect(event).toBe(raw);
    expect(isEvent(event, 'crew_call')).toBe(false);
    expect(knownEvent(event)).toBeUndefined();
    expect(eventPayloadIssues('crew_call', raw.data, [3, 'data']).map((d) => d.path)).toEqual(['$[3].data.timeout_seconds']);
    expect(eventPayloadIssues('agent_thought', 42)).toEqual([]);
  });

  it('is not an envelope without a positive integer seq, a type, a timestamp and an object payload', () => {
    for (const value of [
      null,
      [],
      'x',
      envelope('', {}),
      envelope('a', []),
      envelope('a', null),
      envelope('a', {}, 0),
      envelope('a', {}, 1.5),
      { seq: 1, type: 'a', data: {} },
    ]) {
      expect(parseEventEnvelope(value)).toBeUndefined();
    }
  });
});
