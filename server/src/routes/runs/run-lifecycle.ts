import { CreateExternalRunBody, HumanInputBody, ImportRunBody, ObjectiveBody, ResumeBody, StartRunBody, todoStateAt } from '@planvas/shared';
import { InvalidInput, NotFound } from '../../errors/domain-errors';
import type { ZodRoutes } from '../../plugins/zod-route-schemas';
import { importDecisionLog } from '../../runs/decision-log-import';
import { runMessages } from '../../runs/messages';
import { WorkflowParams } from '../params';
import { intQuery, RunParams, type RunRoute } from './run-params';

export const runLifecycleRoutes: ZodRoutes = async (app) => {
  const { runs, runEngine } = app;

  // No body (or null) is an empty request: the defaults.
  app.post(
    '/api/workflows/:id/runs',
    { schema: { params: WorkflowParams, body: StartRunBody }, config: { bodyName: 'run request', bodyWhenAbsent: {} } },
    async (request, reply) => {
      const run = await runEngine.start(request.params.id, request.body);
      return reply.status(201).header('location', `/api/runs/${run.id}`).send({ runId: run.id, run });
    },
  );

  app.post(
    '/api/workflows/:id/runs/import',
    { schema: { params: WorkflowParams, body: ImportRunBody }, config: { bodyName: 'import request' } },
    async (request, reply) => {
      const run = await importDecisionLog(runs, app.workspace, request.params.id, request.body);
      return reply.status(201).header('location', `/api/runs/${run.id}`).send({ runId: run.id, run });
    },
  );

  /** A run fed by an external runtime through POST /api/runs/:runId/events. */
  app.post('/api/runs', { schema: { body: CreateExternalRunBody }, config: { bodyName: 'run' } }, async (request, reply) => {
    const body = request.body;
    const run = await runs.create({ workflowId: body.workflowId, provider: 'external' });
    await runs.append(run.id, [{ type: 'run_status', data: { status: 'running', workflow_id: run.workflowId, provider: 'external' } }]);
    return reply
      .status(201)
      .header('location', `/api/runs/${run.id}`)
      .send({ runId: run.id, run: runs.get(run.id) });
  });

  app.get<{ Querystring: { workflow?: string } }>('/api/runs', async (request) => {
    const workflow = request.query.workflow;
    return { runs: runs.list(typeof workflow === 'string' && workflow !== '' ? workflow : undefined) };
  });

  app.get<RunRoute>('/api/runs/:runId', async (request) => ({ run: runs.require(request.params.runId) }));

  app.post<RunRoute>('/api/runs/:runId/cancel', async (request) => {
    const { runId } = request.params;
    await runEngine.cancel(runId);
    await runEngine.settled(runId);
    await runs.flush();
    return { run: runs.require(runId) };
  });

  app.post('/api/runs/:runId/input', { schema: { params: RunParams, body: HumanInputBody }, config: { bodyName: 'answer' } }, async (request) => {
    const parsed = await runEngine.answer(request.params.runId, request.body.answer);
    return { run: runs.require(request.params.runId), answer: parsed.answer, handle: parsed.handle };
  });

  /** Resumes a run paused at a breakpoint, a budget or a step; `step` runs one orchestrator turn and pauses again. */
  app.post(
    '/api/runs/:runId/resume',
    { schema: { params: RunParams, body: ResumeBody }, config: { bodyName: 'resume request', bodyWhenAbsent: {} } },
    async (request) => {
      const resumed = await runEngine.resume(request.params.runId, request.body);
      return { run: runs.require(request.params.runId), mode: resumed.mode, overridden: resumed.decision !== undefined };
    },
  );

  app.put('/api/runs/:runId/objective', { schema: { params: RunParams, body: ObjectiveBody }, config: { bodyName: 'objective' } }, async (request) => {
    const body = request.body;
    const event = await runEngine.setObjective(request.params.runId, body.objective, body.stepId);
    return { event };
  });

  /** The todo list and objective of a step as they were at an iteration (what a branch would start from). */
  app.get<RunRoute & { Querystring: { stepId?: string; iteration?: string } }>('/api/runs/:runId/snapshot', async (request) => {
    const { runId } = request.params;
    const iteration = intQuery(request.query.iteration, 'iteration', Number.MAX_SAFE_INTEGER);
    const events = await runs.events(runId);
    const steps = [...new Set(events.filter((e) => e.type === 'todo_snapshot').map((e) => String(e.data['step_id'])))];
    const stepId = request.query.stepId ?? (steps.length === 1 ? steps[0] : undefined);
    if (stepId === undefined) {
      if (steps.length > 1)
        throw new InvalidInput('branch_step_ambiguous', runMessages.branchAmbiguousStep(runId, steps), [{ path: 'stepId', message: 'required' }]);
      throw new NotFound('no_snapshot', runMessages.branchNoSnapshot(runId, iteration));
    }
    const snapshot = todoStateAt(events, { stepId, iteration });
    if (!snapshot) throw new NotFound('no_snapshot', runMessages.branchNoSnapshot(runId, iteration));
    return { snapshot };
  });
};
