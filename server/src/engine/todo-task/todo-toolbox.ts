import {
  callTodoTool,
  completeTodo,
  createTodo,
  randomTodoId,
  updateTodo,
  type CreateTodoArgs,
  type TodoItem,
  type TodoList,
  type TodoToolContext,
} from '@planvas/shared';

export type ToolCallResult = { ok: true; output: unknown } | { ok: false; error: string };

/**
 * The todo list of one orchestrator turn behind the seed's todo tools. Providers change the list
 * only through it, so what a turn did is exactly the difference between `before` and `list`.
 */
export class TodoToolbox {
  readonly before: TodoList;

  constructor(
    public list: TodoList,
    private readonly ctx: TodoToolContext,
  ) {
    this.before = list;
  }

  /** A tool call by name with raw arguments, as a model sends it. */
  call(name: string, args: unknown): ToolCallResult {
    const result = callTodoTool(this.list, name, args, this.ctx);
    if (!result.ok) return { ok: false, error: result.error };
    this.list = result.list;
    return { ok: true, output: result.output };
  }

  create(args: CreateTodoArgs): TodoItem {
    const result = createTodo(this.list, args, this.ctx);
    if (!result.ok) throw new Error(result.error);
    this.list = result.list;
    return result.output;
  }

  update(args: Parameters<typeof updateTodo>[1]): TodoItem {
    const result = updateTodo(this.list, args, this.ctx);
    if (!result.ok) throw new Error(result.error);
    this.list = result.list;
    return result.output;
  }

  complete(todoId: string, resultText: string): TodoItem {
    const result = completeTodo(this.list, { todo_id: todoId, result: resultText }, this.ctx);
    if (!result.ok) throw new Error(result.error);
    this.list = result.list;
    return result.output;
  }
}

export function toolContext(now: () => string): TodoToolContext {
  return { now, newId: randomTodoId };
}
