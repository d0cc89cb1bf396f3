// Test-only: a double of the browser's fetch answering the runs API from memory.
import type { EventEnvelope, RunSummary } from '@planvas/shared';

export type FakeRun = { summary: RunSummary; events: EventEnvelope[] };

export function fakeRunSummary(id: string, patch: Partial<RunSummary> = {}): RunSummary {
  return {
    id,
    workflowId: 'Workflow/ResearchReport',
    status: 'running',
    provider: 'scripted',
    startedAt: '2026-01-01T10:00:00.000Z',
    eventCount: 0,
    todos: { completed: 0, total: 0 },
    ...patch,
  };
}

/**
 * Records every request; `onStart` decides what a POST .../runs creates. Paths and bodies are
 * those of docs/api.md "Runs".
 */
export function fakeRunsFetch(runs: Map<string, FakeRun>, onStart?: (workflowId: string, body: Record<string, unknown>) => FakeRun) {
  const requests: Array<{ method: string; path: string; body?: unknown }> = [];
  const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
  const fetchDouble = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://planvas.test');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    requests.push({ method, path: `${url.pathname}${url.search}`, ...(body ? { body } : {}) });
    const parts = url.pathname.split('/').map(decodeURIComponent);
    if (method === 'GET' && url.pathname === '/api/runs') {
      const workflow = url.searchParams.get('workflow');
      return json({ runs: [...runs.values()].map((r) => r.summary).filter((s) => s.workflowId === workflow) });
    }
    if (method === 'POST' && parts[1] === 'api' && parts[2] === 'workflows' && parts[4] === 'runs') {
      if (!onStart) return json({ statusCode: 400, code: 'bad', message: 'no runs here', details: [] }, 400);
      const run = onStart(parts[3]!, body ?? {});
      runs.set(run.summary.id, run);
      return json({ runId: run.summary.id }, 201);
    }
    const run = parts[2] === 'runs' ? runs.get(parts[3] ?? '') : undefined;
    if (!run) return json({ statusCode: 404, code: 'not_found', message: 'no such run', details: [] }, 404);
    const action = parts[4];
    if (method === 'GET' && action === undefined) return json(run.summary);
    if (method === 'GET' && action === 'events') {
      const after = Number(url.searchParams.get('after') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 1000);
      return json({ events: run.events.filter((e) => e.seq > after).slice(0, limit) });
    }
    if (action === 'cancel' || action === 'input' || action === 'objective' || action === 'resume') return json({ ok: true });
    return json({ statusCode: 404, code: 'not_found', message: 'unknown route', details: [] }, 404);
  };
  return { fetch: fetchDouble as typeof fetch, requests };
}
