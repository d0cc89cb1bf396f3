import { describe, expect, it } from 'vitest';
import type { Breakpoint } from '@planvas/shared';
import { createRunsApi } from '../../api/runs-api';
import { createAppStore } from '../app-store';

/** A server that keeps one workflow's breakpoints, or refuses every save. */
function breakpointServer(refuse = false) {
  let saved: Breakpoint[] = [{ on: 'before_turn', stepId: 'research-todo' }];
  const requests: Array<{ method: string; body?: unknown }> = [];
  const fetchDouble = async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as { breakpoints: Breakpoint[] }) : undefined;
    requests.push({ method, ...(body ? { body } : {}) });
    expect(String(input)).toBe('/api/workflows/Workflow%2FResearchReport/breakpoints');
    if (method === 'PUT') {
      if (refuse) return new Response(JSON.stringify({ statusCode: 400, code: 'invalid', message: 'refused', details: [] }), { status: 400 });
      saved = body!.breakpoints;
    }
    return new Response(JSON.stringify({ breakpoints: saved }), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch: fetchDouble as typeof fetch, requests, saved: () => saved };
}

describe('debug slice', () => {
  it('loads the saved breakpoints and toggles one on and off, saving the whole list', async () => {
    const server = breakpointServer();
    const store = createAppStore({ workflowId: 'Workflow/ResearchReport' }, { run: { api: createRunsApi({ fetch: server.fetch }) } });
    await store.getState().loadBreakpoints('Workflow/ResearchReport');
    expect(store.getState().breakpoints).toEqual([{ on: 'before_turn', stepId: 'research-todo' }]);
    const delegate: Breakpoint = { on: 'before_delegate', stepId: 'research-todo', routeId: 'literature' };
    await store.getState().toggleBreakpoint(delegate);
    expect(server.saved()).toEqual([{ on: 'before_turn', stepId: 'research-todo' }, delegate]);
    await store.getState().toggleBreakpoint({ on: 'before_turn', stepId: 'research-todo' });
    expect(server.saved()).toEqual([delegate]);
    expect(store.getState().breakpoints).toEqual([delegate]);
  });

  it('a refused save puts the list back and says why', async () => {
    const server = breakpointServer(true);
    const store = createAppStore({ workflowId: 'Workflow/ResearchReport' }, { run: { api: createRunsApi({ fetch: server.fetch }) } });
    await store.getState().loadBreakpoints('Workflow/ResearchReport');
    await store.getState().toggleBreakpoint({ on: 'validation_failed', stepId: 'research-todo' });
    expect(store.getState().breakpoints).toEqual([{ on: 'before_turn', stepId: 'research-todo' }]);
    expect(store.getState().toasts.at(-1)).toMatchObject({ tone: 'error', message: 'Could not save the breakpoints: refused' });
  });
});
