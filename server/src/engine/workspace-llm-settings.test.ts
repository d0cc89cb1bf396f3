import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openAiEndpointFor, type ProtocolServer } from '../test-support/chat-completions-server';
import { appFor, copyFixtureWorkspace, type TempWorkspace } from '../test-support/fixture-workspace';
import { todoTaskPlan, waitForStatus, workflowRunsUrl, writeWorkflow } from '../test-support/run-harness';

// The workspace's preset and default LLM (Settings) are the last levels of the LLM chain that the
// inspector shows; a run must call the model the inspector names, not only a step's own.

let ws: TempWorkspace;
let app: FastifyInstance;
let model: ProtocolServer;
const saved = { ...process.env };

const STEP_LLM = { steps: [{ id: 'work', agent_configs: { execution_llm: { provider: 'openai', model_id: 'step-model' } } }] };

beforeEach(async () => {
  ws = await copyFixtureWorkspace();
  model = await openAiEndpointFor('sk-test-settings');
  await writeWorkflow(ws.root, 'Test/NoLlm', todoTaskPlan({ routes: 1 }));
  await writeWorkflow(ws.root, 'Test/StepLlm', todoTaskPlan({ routes: 1 }), STEP_LLM);
  app = await appFor(ws);
});
afterEach(async () => {
  await app.close();
  await model.stop();
  process.env = { ...saved };
  await ws.cleanup();
});

async function modelsOfRun(workflow: string, settings: Record<string, unknown>): Promise<string[]> {
  expect((await app.inject({ method: 'PUT', url: '/api/settings', payload: settings })).statusCode).toBe(200);
  const started = await app.inject({ method: 'POST', url: workflowRunsUrl(workflow), payload: { provider: 'openai' } });
  expect(started.statusCode, started.body).toBe(201);
  const run = await waitForStatus(app, started.json().runId as string, ['completed', 'failed']);
  expect(run.status, run.error).toBe('completed');
  return [...new Set(model.requests.map((r) => r.body.model))];
}

describe('workspace LLM settings in runs', () => {
  it('a step without an LLM of its own runs on the workspace preset', async () => {
    const preset = { provider: 'openai', model_id: 'preset-model' };
    expect(await modelsOfRun('Test/NoLlm', { presetExecutionLlm: preset, defaultLlm: { provider: 'openai', model_id: 'default-model' } })).toEqual([
      'preset-model',
    ]);
  });

  it('without a preset, on the workspace default', async () => {
    expect(await modelsOfRun('Test/NoLlm', { defaultLlm: { provider: 'openai', model_id: 'default-model' } })).toEqual(['default-model']);
  });

  it("a step's own LLM comes first; its sub-agent without one takes the preset", async () => {
    const models = await modelsOfRun('Test/StepLlm', { presetExecutionLlm: { provider: 'openai', model_id: 'preset-model' } });
    expect(models.sort()).toEqual(['preset-model', 'step-model']);
    const orchestrator = model.requests.filter((r) => (r.body.tools ?? []).some((t) => t.function.name === 'submit_todo_task_result'));
    expect(orchestrator.length).toBeGreaterThan(0);
    expect(orchestrator.every((r) => r.body.model === 'step-model')).toBe(true);
  });

  it('with no settings, a sub-agent runs on its orchestrator step’s LLM', async () => {
    expect(await modelsOfRun('Test/StepLlm', {})).toEqual(['step-model']);
  });
});
