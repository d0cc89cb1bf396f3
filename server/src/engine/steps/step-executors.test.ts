import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@planvas/shared';
import { engineHarness, tempRoot, writeWorkflow, type EngineHarness, type TempRoot } from '../../test-support/run-harness';
import { REPO_ROOT } from '../../test-support/fixture-workspace';
import { ScriptedProvider } from '../providers/scripted';

let root: TempRoot;
let harness: EngineHarness | undefined;
beforeEach(async () => {
  root = await tempRoot();
});
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await root.cleanup();
});

async function run(workflow: string) {
  harness ??= await engineHarness(root, new ScriptedProvider());
  const started = await harness.engine.start(workflow, { paceMs: 0 });
  const engine = harness.engine;
  const runs = harness.runs;
  // A person answers every question: yes, the first option, or a line of text.
  let answered = 0;
  let done = false;
  const answering = (async () => {
    while (!done) {
      await runs.flush();
      const asked = (await runs.events(started.id)).filter((e) => e.type === 'human_input_requested');
      for (const question of asked.slice(answered)) {
        const type = question.data['response_type'];
        await engine.answer(started.id, type === 'yesno' ? true : type === 'multiple_choice' ? 0 : 'Looks good');
        answered++;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const outcome = await harness.engine.settled(started.id);
  done = true;
  await answering;
  await harness.runs.flush();
  return { id: started.id, outcome, events: await harness.runs.events(started.id) };
}

const ofType = (events: EventEnvelope[], type: string) => events.filter((e) => e.type === type).map((e) => e.data);
const statusOf = (events: EventEnvelope[], stepId: string) =>
  events.filter((e) => e.type === 'step_status' && e.data['step_id'] === stepId).map((e) => e.data['status']);

describe('every kind runs with the scripted provider', () => {
  // Each fixture of fixtures/generations except the one that breaks the schema on disk.
  it.each(['LoopTabsHugged', 'AgentworksCompact', 'AgentworksKeysOnLine', 'AgentItems', 'OldestIdless'])(
    '%s runs to completion, no unsupported_step',
    async (name) => {
      await cp(join(REPO_ROOT, 'fixtures/generations', name), join(root.root, name), { recursive: true });
      const { outcome, events } = await run(name);
      expect(ofType(events, 'run_error')).toEqual([]);
      expect(outcome).toEqual({ status: 'completed' });
    },
  );
});

describe('branch', () => {
  const branchPlan = (extra: Record<string, unknown>) => ({
    steps: [
      { type: 'regular', id: 'score', title: 'Score', description: 'Write the score', context_output: 'score.json' },
      {
        type: 'branch',
        id: 'pick',
        title: 'Pick',
        branch_question: 'How good?',
        routes: [
          { route_id: 'high', route_name: 'High', condition: '', next_step_id: 'publish' },
          { route_id: 'low', route_name: 'Low', condition: '', next_step_id: 'revise' },
        ],
        ...extra,
      },
      { type: 'regular', id: 'publish', title: 'Publish', next_step_id: 'end' },
      { type: 'regular', id: 'revise', title: 'Revise', next_step_id: 'end' },
    ],
  });

  it('takes the default route when the value file is missing', async () => {
    await writeWorkflow(
      root.root,
      'B',
      branchPlan({
        route_source_file: 'verdict.json',
        value_path: '{{input.verdict}}',
        value_cases: { good: 'high', bad: 'revise' },
        default_route_id: 'high',
      }),
    );
    // No step writes verdict.json, so no case applies.
    const { outcome, events } = await run('B');
    expect(outcome).toEqual({ status: 'completed' });
    expect(ofType(events, 'branch_taken')).toEqual([expect.objectContaining({ step_id: 'pick', handle: 'high', next_step_id: 'publish' })]);
    expect(ofType(events, 'branch_value')).toEqual([]);
  });

  it("picks by value_cases from the value at value_path in route_source_file; a case may name a route's target", async () => {
    const plan = branchPlan({ route_source_file: 'score.json', value_path: 'verdict', value_cases: { bad: 'revise' } });
    await writeWorkflow(root.root, 'B2', plan);
    harness = await engineHarness(root, {
      ...new ScriptedProvider(),
      name: 'scripted',
      orchestrate: (turn) => new ScriptedProvider().orchestrate(turn),
      choose: (request) => new ScriptedProvider().choose(request),
      runAgent: async (task) => {
        const result = await new ScriptedProvider().runAgent(task);
        // The scoring step writes its verdict, as a real agent would.
        if (task.step.id === 'score') await writeFile(join(task.workDir, 'score.json'), '{"verdict": "bad"}');
        return result;
      },
    });
    const { outcome, events } = await run('B2');
    expect(outcome).toEqual({ status: 'completed' });
    expect(ofType(events, 'branch_value')).toEqual([{ step_id: 'pick', value: 'bad', route_id: 'low', source: 'score.json' }]);
    expect(statusOf(events, 'revise')).toContain('completed');
    expect(statusOf(events, 'publish')).not.toContain('completed');
  });
});

describe('message_sequence, crew, orchestrator with a shared orphan step', () => {
  it('runs items in order, a foreach max_iterations times, and reports each', async () => {
    await writeWorkflow(root.root, 'S', {
      steps: [
        {
          type: 'message_sequence',
          id: 'seq',
          title: 'Seq',
          description: 'Talk it through',
          context_output: 'notes.md',
          items: [
            { id: 'hello', type: 'user_message', message: 'Start' },
            { id: 'each', type: 'foreach', message: 'Row', source_sql: 'select 1', max_iterations: 2 },
            { id: 'check', type: 'prevalidation', validation_schema: { files: [{ file_name: 'notes.md', must_exist: true }] } },
          ],
        },
      ],
    });
    const { outcome, events } = await run('S');
    expect(outcome).toEqual({ status: 'completed' });
    expect(
      ofType(events, 'sequence_item').map((d) => `${String(d['item_id'])}${d['iteration'] ? `#${String(d['iteration'])}` : ''} ${String(d['status'])}`),
    ).toEqual([
      'hello started',
      'hello completed',
      'each#1 started',
      'each#1 completed',
      'each#2 started',
      'each#2 completed',
      'check started',
      'check completed',
    ]);
  });

  it('labels a crew step as a simulated external call', async () => {
    await writeWorkflow(root.root, 'C', {
      steps: [
        {
          type: 'crew',
          id: 'crew',
          title: 'Crew',
          crew_profile_id: 'p',
          crew_project_id: 'q',
          trigger_id: 't',
          instruction: 'Do it',
          context_output: 'crew.md',
        },
      ],
    });
    const { outcome, events } = await run('C');
    expect(outcome).toEqual({ status: 'completed' });
    expect(ofType(events, 'crew_call')).toEqual([
      { step_id: 'crew', simulated: true, crew_profile_id: 'p', crew_project_id: 'q', trigger_id: 't', timeout_seconds: 1800 },
    ]);
  });

  it('an orchestrator delegates to the clone of a shared orphan step under the route id', async () => {
    await writeWorkflow(root.root, 'O', {
      steps: [
        {
          type: 'orchestrator',
          id: 'lead',
          title: 'Lead',
          description: 'Coordinate',
          context_output: 'result.md',
          next_step_id: 'end',
          predefined_routes: [{ route_id: 'research', route_name: 'Research', condition: 'research todos', orphan_step_ref: 'shared-research' }],
        },
      ],
      orphan_steps: [
        {
          type: 'regular',
          id: 'shared-research',
          title: 'Researcher',
          description: 'Research',
          context_output: 'research.md',
          shared_with: { orchestrator_ids: ['lead'] },
        },
      ],
    });
    const { outcome, events, id } = await run('O');
    expect(outcome).toEqual({ status: 'completed' });
    expect(statusOf(events, 'research')).toContain('completed');
    expect(await readFile(join(root.root, 'O/runs', id, 'execution/research.md'), 'utf8')).toBeTruthy();
  });
});
