import { CallSubAgentBody } from '@planvas/shared';
import { z } from 'zod';
import type { ZodRoutes } from '../../plugins/zod-route-schemas';
import { RunParams } from './run-params';

const callSubAgent = { body: CallSubAgentBody };
const bodyName = 'call_sub_agent request';

/**
 * The callback of learn_code scripts (docs/formats.md "learn_code fast path"): `POST ${MCP_API_URL}/tools/custom/call_sub_agent`
 * with `{ route_id, todo_id, instructions }` runs that route's sub-agent for the todo.
 *
 * A script gets MCP_API_URL = `http://127.0.0.1:<port>/learn-code/<secret>`: a per-script
 * capability outside /api, valid only while the script runs, so it works whether or not the
 * server requires an access token and the script never holds that token. API clients may call
 * the same tool at /api/runs/:runId/tools/custom/call_sub_agent while a script runs.
 */
export const learnCodeRoutes: ZodRoutes = async (app) => {
  app.post(
    '/learn-code/:secret/tools/custom/call_sub_agent',
    { schema: { ...callSubAgent, params: z.object({ secret: z.string() }) }, config: { bodyName } },
    async (request) => app.runEngine.callBySecret(request.params.secret, request.body),
  );

  app.post('/api/runs/:runId/tools/custom/call_sub_agent', { schema: { ...callSubAgent, params: RunParams }, config: { bodyName } }, async (request) =>
    app.runEngine.callSubAgent(request.params.runId, request.body),
  );
};
