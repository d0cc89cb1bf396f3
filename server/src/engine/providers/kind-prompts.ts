import { asKnownStep, listTodos, ValidationSchema, type CrewStep, type SequenceItem, type SubAgentStep, type TodoList } from '@planvas/shared';
import { stepText } from '../step-field-readers';
import type { AgentTask, BranchValueMiss, ChoiceRequest, OrchestratorTurn, SequenceItemRun } from './provider';

/**
 * The prompt text the openai provider sends, one function per step kind, built from that kind's
 * own fields so a real model reads what the workflow author wrote. Pure: no I/O, no clock, so
 * each kind's wording is pinned by kind-prompts.test.ts and the provider stays protocol only.
 */
export interface Prompt {
  system: string;
  user: string;
}

/** What the orchestrator prompt reads of a turn (not the signal, the files or the toolbox's tools). */
export type OrchestratorPromptInput = Pick<OrchestratorTurn, 'step' | 'routes' | 'genericEnabled' | 'iteration' | 'maxTurns' | 'objective' | 'outputs'> & {
  todos: { list: TodoList };
};

/** What an agent prompt reads of a task. */
export type AgentPromptInput = Pick<AgentTask, 'kind' | 'step' | 'instructions' | 'successCriteria' | 'outputs' | 'sequenceItem'>;

/** What a choice prompt reads of a request. */
export type ChoicePromptInput = Pick<ChoiceRequest, 'kind' | 'question' | 'options' | 'valueMiss'>;

const AGENT_INSTRUCTIONS =
  'You are a sub-agent executing one focused task. Use write_file to create the expected files in the working folder, read_file to read inputs. When done, answer with a short summary of what you achieved (no tool call).';

const CHOICE_INSTRUCTIONS = 'You decide which branch a workflow takes. Call choose_option with the id of exactly one option.';

/**
 * The step's own system prompt: `system_prompt`, and a string `authored_prompt` (agentworks wrote a
 * bool there, other writers the prompt text itself). `authored` says the author wrote it
 * (`authored_prompt` true or text) rather than a generator; the text is used either way. Read
 * from any step: a regular or opaque step may carry the fields too, untyped.
 */
export function stepSystemPrompt(step: SubAgentStep): { text: string; authored: boolean } | undefined {
  const fields: { readonly [key: string]: unknown } = step;
  const parts: string[] = [];
  const system = fields['system_prompt'];
  if (typeof system === 'string' && system.trim() !== '') parts.push(system.trim());
  const authored = fields['authored_prompt'];
  const authoredText = typeof authored === 'string' ? authored.trim() : '';
  if (authoredText !== '' && !parts.includes(authoredText)) parts.push(authoredText);
  if (parts.length === 0) return undefined;
  return { text: parts.join('\n\n'), authored: authored === true || authoredText !== '' };
}

/** An item's type as the engine runs it: an untyped item is a user message (sequence-step.ts). */
export function itemTypeOf(item: SequenceItem): string {
  return item.type == null || item.type === '' ? 'user_message' : item.type;
}

/** The items of a step, else its older `messages` (entries that are objects), as sequence-step reads them. */
export function stepItems(step: SubAgentStep): SequenceItem[] {
  const fields: { readonly [key: string]: unknown } = step;
  const items = Array.isArray(fields['items']) && fields['items'].length > 0 ? fields['items'] : fields['messages'];
  if (!Array.isArray(items)) return [];
  return items.filter((m): m is SequenceItem => typeof m === 'object' && m !== null && !Array.isArray(m));
}

/** A scripted item's calls: the script (its `step_id`, else its `id`) and its parameters when given. */
export function scriptCalls(item: SequenceItem): string[] {
  const out: string[] = [];
  for (const call of item.scripted_steps ?? []) {
    if (typeof call !== 'object' || call === null) continue;
    const fields = call as { readonly [key: string]: unknown };
    const name = typeof fields['step_id'] === 'string' && fields['step_id'] !== '' ? fields['step_id'] : typeof fields['id'] === 'string' ? fields['id'] : '';
    if (name === '') continue;
    const parameters = fields['parameters'];
    const hasParameters = typeof parameters === 'object' && parameters !== null && Object.keys(parameters).length > 0;
    out.push(hasParameters ? `${name} ${JSON.stringify(parameters)}` : name);
  }
  return out;
}

const isScripted = (type: string) => type === 'scripted' || type === 'code';

/** Files a prevalidation item checks: its `validation_schema`, else the older `prevalidation` field. */
function prevalidationFiles(item: SequenceItem): string[] {
  const parsed = ValidationSchema.safeParse(item.prevalidation);
  const schema = item.validation_schema ?? (parsed.success ? parsed.data : undefined);
  return (schema?.files ?? []).filter((f) => f.must_exist !== false && f.file_name).map((f) => f.file_name);
}

/** One line of the orchestrator's plan: the item's type, id, and what it asks for. */
export function describeItem(item: SequenceItem, index: number): string {
  const type = itemTypeOf(item);
  const label = `[${type}] "${item.id ?? `item-${index + 1}`}"${item.title ? ` (${item.title})` : ''}`;
  const message = item.message?.trim() || '';
  if (type === 'foreach') {
    const bound = item.max_iterations ? `, at most ${item.max_iterations} iterations` : '';
    return `${label}: ${message || '(no message)'} — once per row of ${item.source_sql ? `\`${item.source_sql}\`` : 'its source'}${bound}`;
  }
  if (type === 'prevalidation') {
    const files = prevalidationFiles(item);
    return `${label}: before going on, check that ${files.length > 0 ? files.join(', ') : "the step's validation"} ${files.length === 1 ? 'exists' : files.length > 1 ? 'exist' : 'passes'}`;
  }
  if (isScripted(type)) {
    const calls = scriptCalls(item);
    return `${label}: runs the scripts ${calls.join(', ') || '(none named)'}; planvas has no script runtime, so they are simulated: the agent does their work`;
  }
  return `${label}: ${message || '(no message)'}`;
}

/**
 * todo_task, orchestrator and agent-with-routes turns. The step's own system prompt leads (the
 * author's voice frames the whole step), then the todo-loop rules the executor relies on; the
 * step's items are the plan the todos must cover, in order. `Current todos:` stays last: what
 * follows it is the todo listing as JSON.
 */
export function orchestratorTurnPrompt(turn: OrchestratorPromptInput): Prompt {
  const own = stepSystemPrompt(turn.step);
  const routes = turn.routes.map((r) => `- route_id "${r.route_id}" (${r.route_name ?? r.route_id}): ${r.condition ?? ''}`).join('\n') || '(none)';
  const system = [
    ...(own ? [own.authored ? "The workflow author's prompt for this step:" : "This step's system prompt:", own.text, ''] : []),
    'You are the TodoTaskOrchestratorAgent of a workflow step. You keep a todo list with the todo tools',
    '(create_todo, update_todo, complete_todo, list_todos, get_todo), then decide the next action and submit it',
    'with submit_todo_task_result: "delegate" one todo to a predefined route or the generic agent, "continue" after',
    'working on the list yourself, or "complete" when every todo is done.',
    '',
    `Predefined routes:\n${routes}`,
    turn.genericEnabled ? 'The generic agent is available (use_generic_agent: true) for small tasks no route covers.' : 'The generic agent is NOT available.',
    `This is turn ${turn.iteration} of at most ${turn.maxTurns}.`,
  ].join('\n');
  const items = stepItems(turn.step);
  const listing = listTodos(turn.todos.list);
  const user = [
    `Objective: ${turn.objective ?? '(none)'}`,
    `Step: ${stepTitle(turn.step)}`,
    `Description: ${turn.step.description ?? ''}`,
    `Success criteria: ${turn.step.success_criteria ?? ''}`,
    `Expected output files: ${turn.outputs.join(', ') || '(none)'}`,
    ...(items.length > 0
      ? ['', "The step's plan: your todos must cover these items, in this order:", ...items.map((item, i) => `${i + 1}. ${describeItem(item, i)}`)]
      : []),
    '',
    `Current todos:\n${JSON.stringify(listing.ok ? listing.output : [], null, 2)}`,
  ].join('\n');
  return { system, user };
}

function withStepSystem(step: SubAgentStep): string {
  const own = stepSystemPrompt(step);
  return own ? `${own.text}\n\n${AGENT_INSTRUCTIONS}` : AGENT_INSTRUCTIONS;
}

function stepTitle(step: SubAgentStep): string {
  return stepText(step, 'title') ?? step.id;
}

function closingLines(task: AgentPromptInput): string[] {
  return [`Success criteria: ${task.successCriteria || '(none given)'}`, `Write these files: ${task.outputs.join(', ') || '(none required)'}`];
}

/**
 * A regular step, a route's sub-agent and the generic agent: the task as before, under the step's
 * own system prompt when it has one.
 */
export function regularStepPrompt(task: AgentPromptInput): Prompt {
  return { system: withStepSystem(task.step), user: [`Task: ${task.instructions || task.step.id}`, ...closingLines(task)].join('\n') };
}

/**
 * One item of a message_sequence (or of an agent without routes). The step's system prompt is the
 * system message; the item's message is what the user says, first and verbatim. The rest tells the
 * model where it is: which item, which foreach iteration (planvas runs no SQL, so it cannot hand
 * over the row), and that scripts it stands in for are simulated.
 */
export function sequenceItemPrompt(task: AgentPromptInput, run: SequenceItemRun): Prompt {
  const { item, type } = run;
  const id = item.id ?? `item-${run.index + 1}`;
  const message = item.message?.trim() ?? '';
  const lead: string[] = [];
  if (isScripted(type)) {
    const calls = scriptCalls(item);
    lead.push(
      `Item "${id}" runs the scripts ${calls.join(', ') || '(none named)'}. planvas has no script runtime: the scripts are simulated, so you do what they would do and write what they would write.`,
    );
    if (message !== '') lead.push(message);
  } else {
    lead.push(message !== '' ? message : task.instructions || stepTitle(task.step));
  }
  const description = stepText(task.step, 'description');
  const context = [
    `Step: ${stepTitle(task.step)} — item ${run.index + 1} of ${run.count}, "${id}" (${type})`,
    ...(description ? [`Step description: ${description}`] : []),
  ];
  if (type === 'foreach') {
    const written = item.max_iterations != null ? `max_iterations ${item.max_iterations}` : 'max_iterations unset';
    context.push(
      `Iteration ${run.iteration ?? 1} of ${run.iterations ?? 1} (${written}). In the real runtime each iteration is one row of ${item.source_sql ? `\`${item.source_sql}\`` : 'the source query'}; planvas has no database, so treat this as row ${run.iteration ?? 1} and read placeholders such as {{.column}} as that row's values.`,
    );
  }
  return { system: withStepSystem(task.step), user: [...lead, '', ...context, ...closingLines(task)].join('\n') };
}

/**
 * A crew step: the real runtime triggers an external crew, which planvas cannot call, so the
 * agent does the crew's work. The instruction and the crew's ids are what the author wrote for it.
 */
export function crewStepPrompt(task: AgentPromptInput, step: CrewStep): Prompt {
  const ids = [
    step.crew_profile_id ? `profile "${step.crew_profile_id}"` : undefined,
    step.crew_project_id ? `project "${step.crew_project_id}"` : undefined,
    step.trigger_id ? `trigger "${step.trigger_id}"` : undefined,
  ].filter((s): s is string => s !== undefined);
  const user = [
    `Crew instruction: ${step.instruction || task.instructions || stepTitle(step)}`,
    '',
    `Step: ${stepTitle(step)}`,
    `This step is run by an external crew (${ids.join(', ') || 'no crew ids given'}; it waits up to ${step.timeout_seconds || 1800} s). planvas cannot call the crew: the call is simulated, so you do the crew's work.`,
    ...closingLines(task),
  ].join('\n');
  return { system: withStepSystem(step), user };
}

/** The prompt of any agent task: a sequence item, a crew step, else a regular step's. */
export function agentTaskPrompt(task: AgentPromptInput): Prompt {
  if (task.sequenceItem) return sequenceItemPrompt(task, task.sequenceItem);
  const known = task.kind === 'step' ? asKnownStep(task.step) : undefined;
  if (known?.type === 'crew') return crewStepPrompt(task, known);
  return regularStepPrompt(task);
}

function optionLines(options: ChoicePromptInput['options']): string {
  return options.map((o) => `- ${o.id}: ${o.label}${o.condition ? ` (when: ${o.condition})` : ''}`).join('\n');
}

/** Why the value did not decide, in words the model can weigh. */
export function valueMissText(miss: BranchValueMiss): string {
  const cases = Object.entries(miss.cases).map(([value, target]) => `"${value}" -> ${target}`);
  return [
    `This branch normally picks its route by value: value_path ${miss.valuePath ? `"${miss.valuePath}"` : '(none)'} read from ${miss.sourceFile ? `"${miss.sourceFile}"` : '(no route_source_file)'}, matched against value_cases ${cases.length > 0 ? cases.join(', ') : '(none)'}.`,
    `No value could be used: ${miss.reason}.`,
    'So choose the route yourself, from the question and the route conditions.',
  ].join('\n');
}

/**
 * A branch the provider must decide: the branch_question, each route with its condition, and,
 * when the branch is value-driven but its value could not be used, the value path, the known
 * cases and why, so the model does not guess blind.
 */
export function branchChoicePrompt(request: ChoicePromptInput): Prompt {
  const user = [
    request.question || 'Choose a route.',
    '',
    `Routes:\n${optionLines(request.options)}`,
    ...(request.valueMiss ? ['', valueMissText(request.valueMiss)] : []),
  ].join('\n');
  return { system: CHOICE_INSTRUCTIONS, user };
}

/** The prompt of any choice: a branch's, else the question and its options as before. */
export function choicePrompt(request: ChoicePromptInput): Prompt {
  if (request.kind === 'branch') return branchChoicePrompt(request);
  return { system: CHOICE_INSTRUCTIONS, user: `${request.question || 'Choose an option.'}\n\nOptions:\n${optionLines(request.options)}` };
}
