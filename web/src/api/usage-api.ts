import type { RunUsage } from '@planvas/shared';
import { ApiError } from './api-error';
import { authorizedFetch } from './access-token';
import { createJsonRequest } from './request';
import { runApiPath } from './runs-api';

/** A run's token usage and cost (docs/api.md "Usage and cost"): the timeline's totals, costs per bar and most expensive todos. */
export interface UsageApi {
  getUsage(runId: string, signal?: AbortSignal): Promise<RunUsage>;
}

export type UsageApiOptions = { baseUrl?: string; fetch?: typeof fetch };

export function createUsageApi(options: UsageApiOptions = {}): UsageApi {
  const request = createJsonRequest(options.baseUrl ?? '', options.fetch ?? authorizedFetch);
  return {
    async getUsage(runId, signal) {
      const body = await request<Partial<RunUsage> | undefined>(`${runApiPath(runId)}/usage`, { signal });
      if (!body || typeof body.total !== 'object' || body.total === null) throw new ApiError(200, 'bad_response', 'GET usage: no `total`');
      return {
        total: body.total,
        steps: Array.isArray(body.steps) ? body.steps : [],
        iterations: Array.isArray(body.iterations) ? body.iterations : [],
        todos: Array.isArray(body.todos) ? body.todos : [],
        routes: Array.isArray(body.routes) ? body.routes : [],
        models: Array.isArray(body.models) ? body.models : [],
      };
    },
  };
}
