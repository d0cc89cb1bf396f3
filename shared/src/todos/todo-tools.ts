import { z } from 'zod';
import { summarizeTodos } from './progress';
import { TodoList, TodoPriority, type TodoItem } from './schema';
import { KNOWN_TODO_STATUSES, isCompletedStatus, normalizeTodoStatus } from './status';
import { subtreeEnd, todoTree } from './tree';

/**
 * The todo tools (`create_todo`, `update_todo`, `complete_todo`, `list_todos`, `get_todo`;
 * docs/formats.md "Todo tools") as pure functions over a TodoList: each returns a new list and
 * never mutates its input, so the executor can diff before/after a turn and a provider can only
 * change the list through these tools. Time and ids come from the caller, which keeps them deterministic in tests.
 */
export interface TodoToolContext {
  now: () => string;
  newId: () => string;
}

export const TODO_TOOL_NAMES = ['create_todo', 'update_todo', 'complete_todo', 'list_todos', 'get_todo'] as const;
export type TodoToolName = (typeof TODO_TOOL_NAMES)[number];

export function isTodoToolName(name: string): name is TodoToolName {
  return (TODO_TOOL_NAMES as readonly string[]).includes(name);
}

const TodoStatusName = z.string().refine((s) => KNOWN_TODO_STATUSES.includes(s), {
  message: `status must be one of ${KNOWN_TODO_STATUSES.join(', ')}`,
});

export const CreateTodoArgs = z.object({
  title: z.string().trim().min(1, 'title must not be empty').describe('Short imperative title of the task'),
  description: z.string().optional().describe('What has to be done'),
  priority: TodoPriority.optional().describe('high, medium (default) or low'),
  assigned_agent: z.string().optional().describe('A predefined route_id, or "generic"'),
  parent_id: z.string().optional().describe('Nest the new todo under this todo (one level deeper)'),
});
export type CreateTodoArgs = z.infer<typeof CreateTodoArgs>;

export const UpdateTodoArgs = z.object({
  todo_id: z.string().min(1),
  status: TodoStatusName.optional(),
  notes: z.string().optional(),
  assigned_agent: z.string().optional(),
  title: z.string().trim().min(1).optional(),
  description: z.string().optional(),
  priority: TodoPriority.optional(),
});
export type UpdateTodoArgs = z.infer<typeof UpdateTodoArgs>;

export const CompleteTodoArgs = z.object({
  todo_id: z.string().min(1),
  result: z.string().describe('Summary of what was achieved'),
});
export type CompleteTodoArgs = z.infer<typeof CompleteTodoArgs>;

export const GetTodoArgs = z.object({ todo_id: z.string().min(1) });
export type GetTodoArgs = z.infer<typeof GetTodoArgs>;

export const ListTodosArgs = z.object({ status: z.string().optional().describe('Only todos with this status') });
export type ListTodosArgs = z.infer<typeof ListTodosArgs>;

export const TODO_TOOL_ARGS = {
  create_todo: CreateTodoArgs,
  update_todo: UpdateTodoArgs,
  complete_todo: CompleteTodoArgs,
  list_todos: ListTodosArgs,
  get_todo: GetTodoArgs,
} as const satisfies Record<TodoToolName, z.ZodType>;

export const TODO_TOOL_DESCRIPTIONS: Record<TodoToolName, string> = {
  create_todo: 'Create a new task in the todo list',
  update_todo: 'Update a task: status, notes, assignment',
  complete_todo: 'Mark a task as done with its result',
  list_todos: 'View all tasks and their status',
  get_todo: 'Get the details of one task',
};

export type TodoToolResult<T> = { ok: true; list: TodoList; output: T } | { ok: false; list: TodoList; error: string };

/** `todo_` + 8 random hex characters, the id shape of the seed system. */
export function randomTodoId(): string {
  const bytes = new Uint8Array(4);
  globalThis.crypto.getRandomValues(bytes);
  return `todo_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export function emptyTodoList(stepId: string, objective?: string): TodoList {
  return withSummary({ step_id: stepId, ...(objective !== undefined ? { objective } : {}), todos: [] });
}

/** The list with `summary` recomputed from its items. */
export function withSummary(list: TodoList): TodoList {
  return { ...list, summary: { ...(list.summary ?? {}), ...summarizeTodos(list.todos) } };
}

function fail<T>(list: TodoList, error: string): TodoToolResult<T> {
  return { ok: false, list, error };
}

type Counts = ReturnType<typeof summarizeTodos>;

function hasCounts(summary: TodoList['summary']): summary is NonNullable<TodoList['summary']> & Counts {
  return summary != null && (['total', 'open', 'in_progress', 'completed', 'blocked'] as const).every((k) => typeof summary[k] === 'number');
}

/**
 * The summary after replacing `before` by `after` (either may be absent: an insert or a removal).
 * Adjusted from the current counts when they are complete, so a tool call on a long list does not
 * recount every item; recounted otherwise.
 */
function adjustedSummary(list: TodoList, todos: TodoItem[], before: TodoItem | undefined, after: TodoItem | undefined): TodoList['summary'] {
  const current = list.summary;
  if (!hasCounts(current) || current.total !== list.todos.length) return { ...(current ?? {}), ...summarizeTodos(todos) };
  const counts: Counts = { total: current.total, open: current.open, in_progress: current.in_progress, completed: current.completed, blocked: current.blocked };
  if (before) {
    counts[normalizeTodoStatus(before.status)]--;
    counts.total--;
  }
  if (after) {
    counts[normalizeTodoStatus(after.status)]++;
    counts.total++;
  }
  return { ...current, ...counts };
}

function replaceAt(list: TodoList, index: number, todo: TodoItem): TodoList {
  const todos = list.todos.slice();
  const before = todos[index];
  todos[index] = todo;
  return { ...list, todos, summary: adjustedSummary(list, todos, before, todo) };
}

export function createTodo(list: TodoList, args: CreateTodoArgs, ctx: TodoToolContext, options: { id?: string } = {}): TodoToolResult<TodoItem> {
  const taken = (candidate: string) => list.todos.some((t) => t.id === candidate);
  let id = options.id;
  if (id !== undefined && taken(id)) return fail(list, `a todo with id "${id}" already exists`);
  for (let attempt = 0; id === undefined && attempt < 16; attempt++) {
    const candidate = ctx.newId();
    if (!taken(candidate)) id = candidate;
  }
  if (id === undefined) return fail(list, 'could not generate a unique todo id');

  let insertAt = list.todos.length;
  let depth = 0;
  if (args.parent_id !== undefined) {
    const parentIndex = list.todos.findIndex((t) => t.id === args.parent_id);
    if (parentIndex < 0) return fail(list, `parent todo "${args.parent_id}" does not exist`);
    // The list is a pre-order serialisation: a child goes after its parent's whole subtree.
    const rows = todoTree(list.todos);
    insertAt = subtreeEnd(rows, parentIndex);
    depth = (rows[parentIndex]?.depth ?? 0) + 1;
  }
  const now = ctx.now();
  const todo: TodoItem = {
    id,
    title: args.title,
    description: args.description ?? '',
    priority: args.priority ?? 'medium',
    status: 'open',
    ...(args.assigned_agent !== undefined ? { assigned_agent: args.assigned_agent } : {}),
    created_at: now,
    updated_at: now,
    ...(depth > 0 ? { depth } : {}),
  };
  const todos = list.todos.slice();
  todos.splice(insertAt, 0, todo);
  return { ok: true, list: { ...list, todos, summary: adjustedSummary(list, todos, undefined, todo) }, output: todo };
}

export function updateTodo(list: TodoList, args: UpdateTodoArgs, ctx: TodoToolContext): TodoToolResult<TodoItem> {
  const index = list.todos.findIndex((t) => t.id === args.todo_id);
  const current = list.todos[index];
  if (!current) return fail(list, `todo "${args.todo_id}" does not exist`);
  const next: TodoItem = { ...current, updated_at: ctx.now() };
  if (args.status !== undefined) next.status = args.status;
  if (args.notes !== undefined) next.notes = args.notes;
  if (args.assigned_agent !== undefined) next.assigned_agent = args.assigned_agent;
  if (args.title !== undefined) next.title = args.title;
  if (args.description !== undefined) next.description = args.description;
  if (args.priority !== undefined) next.priority = args.priority;
  return { ok: true, list: replaceAt(list, index, next), output: next };
}

export function completeTodo(list: TodoList, args: CompleteTodoArgs, ctx: TodoToolContext): TodoToolResult<TodoItem> {
  const index = list.todos.findIndex((t) => t.id === args.todo_id);
  const current = list.todos[index];
  if (!current) return fail(list, `todo "${args.todo_id}" does not exist`);
  if (isCompletedStatus(current.status)) return fail(list, `todo "${args.todo_id}" is already completed`);
  const next: TodoItem = { ...current, status: 'completed', result: args.result, updated_at: ctx.now() };
  return { ok: true, list: replaceAt(list, index, next), output: next };
}

export interface TodoListing {
  objective?: string;
  todos: Array<TodoItem & { number: string }>;
  summary: ReturnType<typeof summarizeTodos>;
}

export function listTodos(list: TodoList, args: ListTodosArgs = {}): TodoToolResult<TodoListing> {
  const rows = todoTree(list.todos).filter((r) => args.status === undefined || r.todo.status === args.status);
  return {
    ok: true,
    list,
    output: {
      ...(list.objective != null ? { objective: list.objective } : {}),
      todos: rows.map((r) => ({ ...r.todo, number: r.number })),
      summary: summarizeTodos(list.todos),
    },
  };
}

export function getTodo(list: TodoList, args: GetTodoArgs): TodoToolResult<TodoItem> {
  const todo = list.todos.find((t) => t.id === args.todo_id);
  return todo ? { ok: true, list, output: todo } : fail(list, `todo "${args.todo_id}" does not exist`);
}

/**
 * Runs a tool call as an LLM sends it: unknown name or bad arguments become an error result (the
 * model sees the message and can retry), never an exception.
 */
export function callTodoTool(list: TodoList, name: string, rawArgs: unknown, ctx: TodoToolContext): TodoToolResult<unknown> {
  if (!isTodoToolName(name)) return fail(list, `unknown todo tool "${name}"`);
  const parsed = TODO_TOOL_ARGS[name].safeParse(rawArgs ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(arguments)'}: ${i.message}`);
    return fail(list, `invalid arguments for ${name}: ${problems.join('; ')}`);
  }
  switch (name) {
    case 'create_todo':
      return createTodo(list, parsed.data as CreateTodoArgs, ctx);
    case 'update_todo':
      return updateTodo(list, parsed.data as UpdateTodoArgs, ctx);
    case 'complete_todo':
      return completeTodo(list, parsed.data as CompleteTodoArgs, ctx);
    case 'list_todos':
      return listTodos(list, parsed.data as ListTodosArgs);
    case 'get_todo':
      return getTodo(list, parsed.data as GetTodoArgs);
  }
}

/** Parses a todos.json value; the list is loose, so unknown keys of a runtime survive a rewrite. */
export function readTodoList(raw: unknown): { ok: true; list: TodoList } | { ok: false; issues: z.core.$ZodIssue[] } {
  const parsed = TodoList.safeParse(raw);
  return parsed.success ? { ok: true, list: raw as TodoList } : { ok: false, issues: parsed.error.issues };
}
