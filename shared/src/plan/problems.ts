/** A problem found in a document, with a stable code for tools and a JSONPath for the editor. */
export interface Problem {
  code: ProblemCode;
  severity: 'error' | 'warning';
  path: string;
  message: string;
  stepId?: string;
  /** For orphaned step_config entries: what to do about them. */
  suggestion?: { action: 'merge'; into: string } | { action: 'remove' };
}

export type ProblemCode =
  | 'schema'
  | 'duplicate_step_id'
  | 'unknown_target'
  | 'sub_agent_target'
  | 'unreachable_step'
  | 'routing_too_few_routes'
  | 'unknown_default_route'
  | 'todo_task_no_agents'
  | 'unknown_option_route'
  | 'orphan_step_config'
  | 'duplicate_step_config'
  | 'legacy_format';
