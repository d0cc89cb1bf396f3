import type { FastifyPluginAsync } from 'fastify';
import { CallSubAgentBody } from '@planvas/shared';
import { parseBody } from '../../http/body';
import type { RunRoute } from './run-params';

/**
 * The callback of seed 001's learn_code scripts: `POST ${MCP_API_URL}/tools/custom/call_sub_agent`
 * with `{ route_id, todo_id, instructions }` runs that route's sub-agent for the todo.
 *
 * A script gets MCP_API_URL = `http://127.0.0.1:<port>/learn-code/<secret>`: a per-script
 * capability outside /api, valid only while the script runs, so it works whether or not the
 * server requires an access token and the script never holds that token. API clients may call
 * the same tool at /api/runs/:runId/tools/custom/call_sub_agent while a script runs.
 */
export const learnCodeRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Params: { secret: string } }>('/learn-code/:secret/tools/custom/call_sub_agent', async (request) => {
    const body = parseBody(CallSubAgentBody, request.body, 'call_sub_agent request');
    return app.runEngine.callBySecret(request.params.secret, body);
  });

  app.post<RunRoute>('/api/runs/:runId/tools/custom/call_sub_agent', async (request) => {
    const body = parseBody(CallSubAgentBody, request.body, 'call_sub_agent request');
    return app.runEngine.callSubAgent(request.params.runId, body);
  });
};
