import { describe, expect, it } from 'vitest';
import { parseIngestBody } from './ingest';

const good = { type: 'todo_task_item_created', data: { step_index: 0, step_path: 'step-1', step_id: 's', todo_id: 't1', title: 'T', extra: 1 } };

describe('parseIngestBody', () => {
  it('accepts one event or a batch, keeping extra payload keys, and unknown event types with object data', () => {
    expect(parseIngestBody(good)).toEqual({ ok: true, events: [good] });
    const batch = parseIngestBody([good, { type: 'agent_thinking', data: { anything: true } }]);
    expect(batch.ok && batch.events.map((e) => e.type)).toEqual(['todo_task_item_created', 'agent_thinking']);
  });

  it('refuses the whole batch with the path of every problem', () => {
    const result = parseIngestBody([
      good,
      { type: 'todo_task_item_created', data: { step_id: 's' } },
      { type: 'Bad Name', data: [] },
      { type: 'x', data: {}, seq: 3 },
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const paths = result.details.map((d) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining(['$[1].data.step_index', '$[1].data.step_path', '$[1].data.todo_id', '$[1].data.title', '$[2].type', '$[2].data', '$[3]']),
    );
    expect(paths.some((p) => p.startsWith('$[0]'))).toBe(false);
  });

  it('uses root paths for a single event and rejects empty batches', () => {
    const result = parseIngestBody({ type: 'run_status', data: { status: 'sleeping' } });
    expect(result).toMatchObject({ ok: false, details: [{ path: '$.data.status' }] });
    expect(parseIngestBody([])).toMatchObject({ ok: false });
    expect(parseIngestBody('nope')).toMatchObject({ ok: false, details: [{ path: '$' }] });
  });
});
