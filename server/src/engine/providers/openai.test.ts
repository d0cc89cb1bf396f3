import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EventEnvelope } from '@planvas/shared';
import { openAiEndpointFor, type ProtocolServer } from '../../test-support/chat-completions-server';
import { appFor, copyFixtureWorkspace, type TempWorkspace } from '../../test-support/fixture-workspace';
import { runEvents, todoTaskPlan, waitForStatus, workflowRunsUrl, writeWorkflow } from '../../test-support/run-harness';

const KEY = 'sk-test-do-not-store-9f8e7d';

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else if ((await stat(path)).isFile()) out.push(path);
  }
  return out;
}

// Shaped like fixtures/generations: LoopTabsHugged's draft-replies (items) and AgentworksCompact's pick-lane (branch).
const SYSTEM_PROMPT = 'You are the support desk. Answer in the tone guide: short, warm, no jargon.';
const SEQUENCE_PLAN = {
  objective: 'Answer the open tickets',
  steps: [
    {
      type: 'message_sequence',
      id: 'draft-replies',
      title: 'Draft replies',
      description: 'Write one reply per triaged ticket.',
      context_output: 'result.json',
      validation_schema: { files: [{ file_name: 'result.json', must_exist: true }] },
      system_prompt: SYSTEM_PROMPT,
      items: [
        { id: 'tone', type: 'user_message', message: 'Read the tone guide, then write part1.md and result.json.' },
        {
          id: 'per-reply',
          type: 'foreach',
          source_sql: "SELECT id FROM tickets WHERE status = 'open'",
          max_iterations: 2,
          message: 'Draft the reply to ticket {{.id}} into result.json.',
        },
        { id: 'written', type: 'prevalidation', validation_schema: { files: [{ file_name: 'part1.md', must_exist: true }] } },
      ],
      next_step_id: 'end',
    },
  ],
};
const BRANCH_PLAN = {
  objective: 'Route the orders',
  steps: [
    // Writes part1.md and result.json (what the chat server's agent writes), never lane.json.
    { type: 'regular', id: 'classify', title: 'Classify', description: 'Classify the orders', context_output: 'result.json', next_step_id: 'pick-lane' },
    {
      type: 'branch',
      id: 'pick-lane',
      title: 'Pick a lane',
      branch_question: 'Which lane does the order go to?',
      routes: [
        { route_id: 'expedite', route_name: 'Expedite', condition: 'Express orders', next_step_id: 'expedite' },
        { route_id: 'standard', route_name: 'Standard', condition: 'Everything else', next_step_id: 'followup' },
      ],
      route_source_file: 'lane.json',
      value_path: '{{steps.classify.output.lane}}',
      value_cases: { express: 'expedite', ground: 'standard' },
    },
    { type: 'regular', id: 'expedite', title: 'Expedite', description: 'Re-ship by express', next_step_id: 'end' },
    { type: 'regular', id: 'followup', title: 'Follow up', description: 'Follow up the standard orders', next_step_id: 'end' },
  ],
};

/** todoTaskPlan's step as an agent with routes (newest generation): it runs the todo orchestrator. */
function agentPlan(): Record<string, unknown> {
  const plan = todoTaskPlan({ routes: 1 });
  const [work] = plan['steps'] as Array<Record<string, unknown>>;
  const { enable_generic_agent: _off, ...rest } = work!;
  const items = [
    { id: 'gather', type: 'user_message', message: 'Gather what part one needs.' },
    { id: 'write', type: 'user_message', message: 'Write part one and result.json.' },
  ];
  return { ...plan, steps: [{ ...rest, type: 'agent', authored_prompt: true, system_prompt: SYSTEM_PROMPT, items }] };
}

/** The first (system, user) messages of every conversation the server was sent that offered `tool`. */
function conversations(tool: string): Array<{ system: string; user: string }> {
  return model.requests
    .filter((r) => (r.body.tools ?? []).some((t) => t.function.name === tool) && !r.body.messages.some((m) => m.role === 'tool'))
    .map((r) => ({ system: r.body.messages.find((m) => m.role === 'system')!.content!, user: r.body.messages.find((m) => m.role === 'user')!.content! }));
}

let ws: TempWorkspace;
let app: FastifyInstance;
let model: ProtocolServer;
const saved = { ...process.env };

beforeEach(async () => {
  ws = await copyFixtureWorkspace();
  model = await openAiEndpointFor(KEY);
  await writeWorkflow(ws.root, 'Test/OpenAi', todoTaskPlan({ routes: 1 }), {
    steps: [{ id: 'work', agent_configs: { execution_llm: { provider: 'openai', model_id: 'test-model-1' } } }],
  });
  await writeWorkflow(ws.root, 'Test/Sequence', SEQUENCE_PLAN);
  await writeWorkflow(ws.root, 'Test/Branch', BRANCH_PLAN);
  await writeWorkflow(ws.root, 'Test/Agent', agentPlan());
  app = await appFor(ws);
});
afterEach(async () => {
  await app.close();
  await model.stop();
  process.env = { ...saved };
  await ws.cleanup();
});

async function start(workflow = 'Test/OpenAi'): Promise<string> {
  const response = await app.inject({ method: 'POST', url: workflowRunsUrl(workflow), payload: { provider: 'openai' } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().runId as string;
}

describe('openai provider against a local chat-completions server', () => {
  it('runs a todo_task step with the todo tools and submit_todo_task_result; sub-agents write files', async () => {
    const runId = await start();
    const run = await waitForStatus(app, runId, ['completed', 'failed']);
    expect(run.status, run.error).toBe('completed');
    const events: EventEnvelope[] = await runEvents(app, runId);
    const decisions = events.filter((e) => e.type === 'todo_task_route_selected');
    expect(decisions.map((d) => [d.data['iteration'], d.data['next_action'], d.data['model']])).toEqual([
      [1, 'delegate', 'test-model-1'],
      [2, 'complete', 'test-model-1'],
    ]);
    expect(decisions[0]!.data).toMatchObject({
      selected_route_id: 'r1',
      selection_reasoning: 'r1 writes part one',
      instructions_to_sub_agent: 'Write part1.md and result.json',
    });
    expect(events.find((e) => e.type === 'todo_task_item_created')!.data).toMatchObject({ title: 'Write part one', priority: 'high', iteration: 1 });
    expect(events.find((e) => e.type === 'todo_task_item_completed')!.data).toMatchObject({ result: 'Wrote part1.md and result.json' });
    expect(await readFile(join(ws.root, 'Test/OpenAi/runs', runId, 'execution/part1.md'), 'utf8')).toBe('# Part one\n');

    // Protocol: the key as Bearer, the step's resolved model, the seed's tool names.
    expect(model.requests.every((r) => r.authorization === `Bearer ${KEY}` && r.body.model === 'test-model-1')).toBe(true);
    const orchestratorTools = model.requests[0]!.body.tools!.map((t) => t.function.name);
    expect(orchestratorTools).toEqual(['create_todo', 'update_todo', 'complete_todo', 'list_todos', 'get_todo', 'submit_todo_task_result']);
    // The sub-agent could not write outside the run folder, and was told so.
    const denied = model.requests.flatMap((r) => r.body.messages).find((m) => m.tool_call_id === 'w3');
    expect(denied?.content).toContain('inside the working folder');

    // The key is never written anywhere.
    for (const file of [...(await filesUnder(ws.root)), ...(await filesUnder(ws.dataDir))]) {
      expect((await readFile(file, 'utf8')).includes(KEY), file).toBe(false);
    }
  });

  it.each([
    ['not-json', 'malformed reply from the chat endpoint (HTTP 200): not JSON'],
    ['no-choices', 'malformed reply from the chat endpoint: no choices[0].message'],
    ['bad-arguments', 'malformed arguments for submit_todo_task_result: not JSON'],
  ] as const)('fails the step with the reason on a malformed reply (%s), and the server keeps serving', async (mode, reason) => {
    model.mode = mode;
    const runId = await start();
    const run = await waitForStatus(app, runId, ['completed', 'failed']);
    expect(run.status).toBe('failed');
    expect(run.error).toContain(reason);
    const events = await runEvents(app, runId);
    expect(events.find((e) => e.type === 'run_error')!.data).toMatchObject({ kind: 'provider', step_id: 'work' });
    expect(events.at(-1)).toMatchObject({ type: 'run_status', data: { status: 'failed' } });
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const next = await app.inject({ method: 'POST', url: workflowRunsUrl('Test/OpenAi'), payload: { paceMs: 0 } });
    expect((await waitForStatus(app, next.json().runId as string, ['completed', 'failed'])).status).toBe('completed');
  });

  it("a message_sequence sends the step's system_prompt and each item's message, a foreach once per iteration", async () => {
    const runId = await start('Test/Sequence');
    const run = await waitForStatus(app, runId, ['completed', 'failed']);
    expect(run.status, run.error).toBe('completed');
    const agents = conversations('write_file');
    // user_message once, foreach max_iterations (2) times; the prevalidation asks no model.
    expect(agents).toHaveLength(3);
    for (const { system } of agents) expect(system.startsWith(`${SYSTEM_PROMPT}\n\n`)).toBe(true);
    expect(agents.map((a) => a.user.split('\n')[0])).toEqual([
      'Read the tone guide, then write part1.md and result.json.',
      'Draft the reply to ticket {{.id}} into result.json.',
      'Draft the reply to ticket {{.id}} into result.json.',
    ]);
    expect(agents[0]!.user).toContain('Step: Draft replies — item 1 of 3, "tone" (user_message)');
    expect(agents[1]!.user).toContain('Iteration 1 of 2 (max_iterations 2)');
    expect(agents[2]!.user).toContain('Iteration 2 of 2 (max_iterations 2)');
    expect(agents[2]!.user).toContain("`SELECT id FROM tickets WHERE status = 'open'`");
    const events = await runEvents(app, runId);
    expect(events.filter((e) => e.type === 'sequence_item' && e.data['status'] === 'completed').map((e) => e.data['item_id'])).toEqual([
      'tone',
      'per-reply',
      'per-reply',
      'written',
    ]);
  });

  it('a branch whose value cannot be read asks the model with its question, route conditions, value path and cases', async () => {
    const runId = await start('Test/Branch');
    const run = await waitForStatus(app, runId, ['completed', 'failed']);
    expect(run.status, run.error).toBe('completed');
    const [choice, ...more] = conversations('choose_option');
    expect(more).toEqual([]);
    expect(choice!.user.split('\n')).toEqual([
      'Which lane does the order go to?',
      '',
      'Routes:',
      '- expedite: Expedite (when: Express orders)',
      '- standard: Standard (when: Everything else)',
      '',
      'This branch normally picks its route by value: value_path "{{steps.classify.output.lane}}" read from "lane.json", matched against value_cases "express" -> expedite, "ground" -> standard.',
      'No value could be used: lane.json could not be read (no step has written it yet, or it is unreadable).',
      'So choose the route yourself, from the question and the route conditions.',
    ]);
    const events = await runEvents(app, runId);
    // The model's pick (the last route), not a default: the branch has none.
    expect(events.filter((e) => e.type === 'branch_taken').map((e) => e.data)).toEqual([
      expect.objectContaining({ step_id: 'pick-lane', handle: 'standard', next_step_id: 'followup' }),
    ]);
    expect(events.filter((e) => e.type === 'branch_value')).toEqual([]);
  });

  it('fails a branch whose model picks a route the branch does not have, naming what it offers', async () => {
    model.mode = 'unknown-option';
    const runId = await start('Test/Branch');
    const run = await waitForStatus(app, runId, ['completed', 'failed']);
    expect(run.status).toBe('failed');
    expect(run.error).toContain('the provider chose "teleport" for step "pick-lane", which offers expedite, standard');
    const events = await runEvents(app, runId);
    expect(events.filter((e) => e.type === 'branch_taken')).toEqual([]);
  });

  it('an agent with routes: each orchestrator turn leads with the authored system_prompt and lists the items as the plan', async () => {
    const runId = await start('Test/Agent');
    const run = await waitForStatus(app, runId, ['completed', 'failed']);
    expect(run.status, run.error).toBe('completed');
    const turns = conversations('submit_todo_task_result');
    expect(turns.length).toBeGreaterThan(0);
    for (const { system, user } of turns) {
      expect(system.startsWith(`The workflow author's prompt for this step:\n${SYSTEM_PROMPT}\n\nYou are the TodoTaskOrchestratorAgent`)).toBe(true);
      expect(user).toContain(
        `The step's plan: your todos must cover these items, in this order:\n1. [user_message] "gather": Gather what part one needs.\n2. [user_message] "write": Write part one and result.json.`,
      );
    }
  });

  it('refuses the openai provider when neither a key nor a base URL is configured', async () => {
    delete process.env['PLANVAS_OPENAI_BASE_URL'];
    delete process.env['PLANVAS_OPENAI_API_KEY'];
    delete process.env['OPENAI_API_KEY'];
    const response = await app.inject({ method: 'POST', url: workflowRunsUrl('Test/OpenAi'), payload: { provider: 'openai' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'provider_unavailable', details: [{ path: '$.provider' }] });
  });
});
