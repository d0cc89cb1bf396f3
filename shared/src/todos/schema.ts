import { z } from 'zod';
import { optional } from '../plan/common';

/** The seed system's statuses, then the richer set some runtimes write (docs/formats.md "Todo statuses"). */
export const SEED_TODO_STATUSES = ['open', 'in_progress', 'completed', 'blocked'] as const;
export const RICH_TODO_STATUSES = [
  'planned',
  'ready',
  'in_progress',
  'delegated',
  'claim_returned',
  'needs_review',
  'needs_oracle',
  'needs_user',
  'blocked',
  'done',
  'skipped',
] as const;
export type TodoStatus = (typeof SEED_TODO_STATUSES)[number] | (typeof RICH_TODO_STATUSES)[number];

export const TodoPriority = z.enum(['high', 'medium', 'low']);
export type TodoPriority = z.infer<typeof TodoPriority>;

export const TodoItem = z.looseObject({
  id: z.string().min(1),
  title: z.string(),
  description: optional(z.string()),
  priority: optional(TodoPriority),
  // Any status string is kept: runtimes extend the set (docs/formats.md "Todo statuses").
  status: z.string(),
  assigned_agent: optional(z.string()),
  result: optional(z.string()),
  notes: optional(z.string()),
  created_at: optional(z.string()),
  updated_at: optional(z.string()),
  /** Nesting depth of a pre-ordered tree (docs/formats.md "Todo tree and progress"); absent = 0. */
  depth: optional(z.number().int().nonnegative()),
});
export type TodoItem = z.infer<typeof TodoItem>;

export const TodoSummary = z.looseObject({
  total: z.number(),
  open: optional(z.number()),
  in_progress: optional(z.number()),
  completed: optional(z.number()),
  blocked: optional(z.number()),
});
export type TodoSummary = z.infer<typeof TodoSummary>;

/** `<step execution path>/todos.json` (docs/formats.md "Todo list"). */
export const TodoList = z.looseObject({
  step_id: z.string(),
  objective: optional(z.string()),
  todos: z.array(TodoItem),
  summary: optional(TodoSummary),
});
export type TodoList = z.infer<typeof TodoList>;
