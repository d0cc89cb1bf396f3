import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { requireBody } from '../http/body';
import { writeContextOf } from '../http/client-id';
import { matchesIfNoneMatch, requirePrecondition } from '../http/if-match';
import { jsonBodySource } from '../plugins/json-body-parser';
import { etagOf } from '../workspace/revision';
import type { SaveContext, SaveResult } from '../workspace/document-saves';
import type { DocumentView } from '../workspace/workspace-repository';
import type { WorkflowRoute } from './params';

/**
 * plan.json and step_config.json as documents with revisions. Reads carry an ETag; writes must
 * say (If-Match) which revision they were based on, so a second tab or an outside edit is never
 * silently overwritten.
 */
export const documentRoutes: FastifyPluginAsync = async (app) => {
  const sendDocument = (request: FastifyRequest, reply: FastifyReply, view: DocumentView) => {
    reply.header('etag', etagOf(view.revision)).header('cache-control', 'no-cache');
    if (matchesIfNoneMatch(request.headers['if-none-match'], view.revision)) return reply.status(304).send();
    return view.document;
  };
  const sendSaved = (reply: FastifyReply, result: SaveResult) => {
    reply.header('etag', etagOf(result.revision));
    return result;
  };
  /** The body as parsed (its number spellings kept, so the save writes `1.0` as `1.0`) and who sent it. */
  const bodyAndContext = (request: FastifyRequest): [unknown, SaveContext] => {
    const body = requireBody(request.body);
    return [body, { ...writeContextOf(request), spellings: jsonBodySource(body) }];
  };

  app.get<WorkflowRoute>('/api/workflows/:id/plan', async (request, reply) => sendDocument(request, reply, await app.workspace.getPlan(request.params.id)));
  app.put<WorkflowRoute>('/api/workflows/:id/plan', async (request, reply) => {
    const precondition = requirePrecondition(request.headers['if-match']);
    const [body, context] = bodyAndContext(request);
    return sendSaved(reply, await app.workspace.savePlan(request.params.id, body, precondition, context));
  });

  app.get<WorkflowRoute>('/api/workflows/:id/step-config', async (request, reply) =>
    sendDocument(request, reply, await app.workspace.getStepConfig(request.params.id)),
  );
  app.put<WorkflowRoute>('/api/workflows/:id/step-config', async (request, reply) => {
    const precondition = requirePrecondition(request.headers['if-match']);
    const [body, context] = bodyAndContext(request);
    return sendSaved(reply, await app.workspace.saveStepConfig(request.params.id, body, precondition, context));
  });
};
