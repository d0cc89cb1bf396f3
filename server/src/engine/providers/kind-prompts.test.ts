import { describe, expect, it } from 'vitest';
import {
  emptyTodoList,
  type AgentStep,
  type CrewStep,
  type MessageSequenceStep,
  type SequenceItem,
  type SubAgentStep,
  type TodoTaskStep,
} from '@planvas/shared';
import {
  agentTaskPrompt,
  choicePrompt,
  describeItem,
  orchestratorTurnPrompt,
  stepSystemPrompt,
  type AgentPromptInput,
  type OrchestratorPromptInput,
} from './kind-prompts';

// Shapes taken from fixtures/generations (AgentItems, AgentworksCompact, LoopTabsHugged).
const RECONCILE_ITEMS: SequenceItem[] = [
  { id: 'match', type: 'user_message', message: 'Match every invoice to a purchase order.' },
  {
    id: 'per-vendor',
    type: 'foreach',
    message: 'Reconcile the invoices of vendor {{.vendor_id}}.',
    source_sql: 'SELECT DISTINCT vendor_id FROM invoices',
    max_iterations: 40,
  },
  { id: 'all-matched', type: 'prevalidation', validation_schema: { files: [{ file_name: 'reconciled.json', must_exist: true }] } },
  {
    id: 'fetch-months',
    type: 'scripted',
    scripted_steps: [
      { id: 'september', step_id: 'fetch-invoices', parameters: { month: '2026-09' } },
      { id: 'october', step_id: 'fetch-invoices', parameters: { month: '2026-10' } },
    ],
  },
];

const SYSTEM = 'You are the accounts payable clerk. Work only from the fetched files.';

/** The sub-agent instructions every agent prompt ends its system message with (unchanged wording). */
const AGENT_INSTRUCTIONS =
  'You are a sub-agent executing one focused task. Use write_file to create the expected files in the working folder, read_file to read inputs. When done, answer with a short summary of what you achieved (no tool call).';

function turn(step: OrchestratorPromptInput['step']): OrchestratorPromptInput {
  return {
    step,
    routes: [{ route_id: 'vendors', route_name: 'Vendor lookup', condition: 'An invoice names a vendor that is not in the ledger' }],
    genericEnabled: true,
    iteration: 1,
    maxTurns: 8,
    objective: 'Close the month',
    outputs: ['reconciled.json'],
    todos: { list: emptyTodoList(step.id) },
  };
}

function task(step: SubAgentStep, extra: Partial<AgentPromptInput> = {}): AgentPromptInput {
  return { kind: 'step', step, instructions: 'Do it', successCriteria: 'it is done', outputs: ['out.md'], ...extra };
}

describe('stepSystemPrompt', () => {
  const base = { type: 'message_sequence', id: 's' } as const;
  it("reads system_prompt; authored_prompt true marks it the author's", () => {
    expect(stepSystemPrompt({ ...base, system_prompt: SYSTEM })).toEqual({ text: SYSTEM, authored: false });
    expect(stepSystemPrompt({ ...base, system_prompt: SYSTEM, authored_prompt: true })).toEqual({ text: SYSTEM, authored: true });
  });
  it('a string authored_prompt is prompt text itself, after system_prompt and not repeated', () => {
    expect(stepSystemPrompt({ ...base, authored_prompt: 'Be brief.' })).toEqual({ text: 'Be brief.', authored: true });
    expect(stepSystemPrompt({ ...base, system_prompt: SYSTEM, authored_prompt: 'Be brief.' })).toEqual({ text: `${SYSTEM}\n\nBe brief.`, authored: true });
    expect(stepSystemPrompt({ ...base, system_prompt: SYSTEM, authored_prompt: SYSTEM })?.text).toBe(SYSTEM);
  });
  it('blank or missing means none, also on a regular step', () => {
    expect(stepSystemPrompt({ ...base, system_prompt: '  ', authored_prompt: true })).toBeUndefined();
    expect(stepSystemPrompt({ type: 'regular', id: 'r' })).toBeUndefined();
  });
});

describe('orchestratorTurnPrompt (todo_task, orchestrator, agent with routes)', () => {
  it("leads with the step's system prompt, then the todo-loop rules; lists the items in order with their type", () => {
    const step: AgentStep = {
      type: 'agent',
      id: 'reconcile',
      title: 'Reconcile invoices',
      description: 'Match invoices',
      authored_prompt: true,
      system_prompt: SYSTEM,
      items: RECONCILE_ITEMS,
    };
    const prompt = orchestratorTurnPrompt(turn(step));
    expect(prompt.system.split('\n').slice(0, 4)).toEqual([
      "The workflow author's prompt for this step:",
      SYSTEM,
      '',
      expect.stringMatching(/^You are the TodoTaskOrchestratorAgent/),
    ]);
    expect(prompt.system).toContain('- route_id "vendors" (Vendor lookup): An invoice names a vendor that is not in the ledger');
    const plan = prompt.user.slice(prompt.user.indexOf("The step's plan"), prompt.user.indexOf('Current todos:')).trim().split('\n');
    expect(plan).toEqual([
      "The step's plan: your todos must cover these items, in this order:",
      '1. [user_message] "match": Match every invoice to a purchase order.',
      '2. [foreach] "per-vendor": Reconcile the invoices of vendor {{.vendor_id}}. — once per row of `SELECT DISTINCT vendor_id FROM invoices`, at most 40 iterations',
      '3. [prevalidation] "all-matched": before going on, check that reconciled.json exists',
      '4. [scripted] "fetch-months": runs the scripts fetch-invoices {"month":"2026-09"}, fetch-invoices {"month":"2026-10"}; planvas has no script runtime, so they are simulated: the agent does their work',
    ]);
    // The todo listing stays last and is JSON (the chat server in openai.test.ts reads it so).
    expect(JSON.parse(prompt.user.slice(prompt.user.indexOf('Current todos:') + 'Current todos:'.length))).toMatchObject({ todos: [] });
  });

  it('reads the older `messages` as the plan; without a system prompt or items the prompt is as it was', () => {
    const older: TodoTaskStep = { type: 'todo_task', id: 'tag', messages: [{ id: 'tag', type: 'message', message: 'Tag every ticket.' }, 'not an item'] };
    expect(orchestratorTurnPrompt(turn(older)).user).toContain('1. [message] "tag": Tag every ticket.');
    const plain: TodoTaskStep = { type: 'todo_task', id: 'work', title: 'Work', description: 'Do the work' };
    const prompt = orchestratorTurnPrompt(turn(plain));
    expect(prompt.system.startsWith('You are the TodoTaskOrchestratorAgent')).toBe(true);
    expect(prompt.user).not.toContain("The step's plan");
    expect(prompt.user.split('\n').slice(0, 5)).toEqual([
      'Objective: Close the month',
      'Step: Work',
      'Description: Do the work',
      'Success criteria: ',
      'Expected output files: reconciled.json',
    ]);
  });

  it("a generated (not authored) system prompt is labelled as the step's", () => {
    const step: TodoTaskStep = { type: 'todo_task', id: 'work', system_prompt: 'Generated.' };
    expect(orchestratorTurnPrompt(turn(step)).system.startsWith("This step's system prompt:\nGenerated.\n\n")).toBe(true);
  });
});

describe('sequence items (message_sequence, agent without routes)', () => {
  const step: MessageSequenceStep = {
    type: 'message_sequence',
    id: 'reconcile',
    title: 'Reconcile invoices',
    description: 'Match invoices',
    system_prompt: SYSTEM,
    items: RECONCILE_ITEMS,
  };
  const run = (index: number, extra: { iteration?: number; iterations?: number } = {}) => {
    const item = RECONCILE_ITEMS[index]!;
    return agentTaskPrompt(
      task(step, {
        instructions: item.message ?? '',
        sequenceItem: { item, type: item.type ?? 'user_message', index, count: RECONCILE_ITEMS.length, ...extra },
      }),
    );
  };

  it("the step's system prompt is the system message, the item's message the first line of the user message", () => {
    const prompt = run(0);
    expect(prompt.system).toBe(`${SYSTEM}\n\n${AGENT_INSTRUCTIONS}`);
    expect(prompt.user.split('\n')).toEqual([
      'Match every invoice to a purchase order.',
      '',
      'Step: Reconcile invoices — item 1 of 4, "match" (user_message)',
      'Step description: Match invoices',
      'Success criteria: it is done',
      'Write these files: out.md',
    ]);
  });

  it('a foreach run says its iteration, the runs and max_iterations as written, and the source query', () => {
    const user = run(1, { iteration: 2, iterations: 40 }).user;
    expect(user.startsWith('Reconcile the invoices of vendor {{.vendor_id}}.\n')).toBe(true);
    expect(user).toContain('Iteration 2 of 40 (max_iterations 40). In the real runtime each iteration is one row of `SELECT DISTINCT vendor_id FROM invoices`');
  });

  it('a scripted item says its scripts are simulated by the agent, naming them with their parameters', () => {
    expect(run(3).user.split('\n')[0]).toBe(
      'Item "fetch-months" runs the scripts fetch-invoices {"month":"2026-09"}, fetch-invoices {"month":"2026-10"}. planvas has no script runtime: the scripts are simulated, so you do what they would do and write what they would write.',
    );
    const code: SequenceItem = { id: 'old', type: 'code', scripted_steps: [{ step_id: 'legacy' }] };
    expect(agentTaskPrompt(task(step, { sequenceItem: { item: code, type: 'code', index: 0, count: 1 } })).user).toContain(
      'runs the scripts legacy. planvas has no script runtime',
    );
  });

  it('an item without a message falls back to the instructions the engine gave', () => {
    const item: SequenceItem = { id: 'execute', type: 'user_message' };
    expect(
      agentTaskPrompt(task(step, { instructions: 'Talk it through', sequenceItem: { item, type: 'user_message', index: 0, count: 1 } })).user.split('\n')[0],
    ).toBe('Talk it through');
  });
});

describe('regular steps and crew', () => {
  it("a regular step's prompt is unchanged, and takes a system_prompt when it has one", () => {
    const plain = agentTaskPrompt(task({ type: 'regular', id: 'score', description: 'Write the score' }));
    expect(plain).toEqual({ system: AGENT_INSTRUCTIONS, user: 'Task: Do it\nSuccess criteria: it is done\nWrite these files: out.md' });
    const own = agentTaskPrompt(task({ type: 'regular', id: 'score', system_prompt: 'You score essays.' }));
    expect(own.system).toBe(`You score essays.\n\n${AGENT_INSTRUCTIONS}`);
    expect(own.user).toBe(plain.user);
  });

  it("a crew step gets its instruction and the crew's profile, project and trigger ids, told the call is simulated", () => {
    const crew: CrewStep = {
      type: 'crew',
      id: 'expedite-crew',
      title: 'Expedite with the warehouse crew',
      crew_profile_id: 'warehouse',
      crew_project_id: 'orders',
      trigger_id: 'reship-express',
      instruction: 'Re-ship the orders listed in lane.json by express and report the tracking numbers.',
      timeout_seconds: 2400,
    };
    const prompt = agentTaskPrompt(task(crew, { instructions: crew.instruction! }));
    expect(prompt.system).toBe(AGENT_INSTRUCTIONS);
    expect(prompt.user.split('\n').slice(0, 4)).toEqual([
      'Crew instruction: Re-ship the orders listed in lane.json by express and report the tracking numbers.',
      '',
      'Step: Expedite with the warehouse crew',
      'This step is run by an external crew (profile "warehouse", project "orders", trigger "reship-express"; it waits up to 2400 s). planvas cannot call the crew: the call is simulated, so you do the crew\'s work.',
    ]);
    // A route's sub-agent is never a crew call, whatever its step says.
    expect(agentTaskPrompt(task(crew, { kind: 'predefined' })).user.startsWith('Task: Do it')).toBe(true);
  });
});

describe('choices', () => {
  const options = [
    { id: 'expedite', label: 'Expedite', condition: 'Express orders' },
    { id: 'standard', label: 'Standard', condition: 'Everything else' },
  ];
  it('routing, conditional, decision and orchestration keep their prompt', () => {
    expect(choicePrompt({ kind: 'routing', question: 'Where?', options })).toEqual({
      system: 'You decide which branch a workflow takes. Call choose_option with the id of exactly one option.',
      user: 'Where?\n\nOptions:\n- expedite: Expedite (when: Express orders)\n- standard: Standard (when: Everything else)',
    });
  });

  it('a branch gives its question and route conditions, and says why its value did not decide', () => {
    const prompt = choicePrompt({
      kind: 'branch',
      question: 'Which lane does the order go to?',
      options,
      valueMiss: {
        valuePath: '{{steps.classify.output.lane}}',
        sourceFile: 'lane.json',
        cases: { express: 'expedite', ground: 'standard' },
        reason: 'lane.json could not be read (no step has written it yet, or it is unreadable)',
      },
    });
    expect(prompt.user.split('\n')).toEqual([
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
    expect(choicePrompt({ kind: 'branch', question: 'Which?', options }).user).not.toContain('value_path');
  });
});

describe('describeItem', () => {
  it('reads the older `prevalidation` field and unknown item types as written', () => {
    expect(describeItem({ id: 'ready', type: 'prevalidation', prevalidation: { files: [{ file_name: 'triage.json', must_exist: true }] } }, 0)).toBe(
      '[prevalidation] "ready": before going on, check that triage.json exists',
    );
    expect(describeItem({ type: 'webhook', title: 'Ping' }, 2)).toBe('[webhook] "item-3" (Ping): (no message)');
    expect(describeItem({ message: 'Hello' }, 0)).toBe('[user_message] "item-1": Hello');
  });
});
