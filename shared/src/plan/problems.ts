/** A problem found in a document, with a stable code for tools and a JSONPath for the editor. */
export interface Problem {
  code: ProblemCode;
  /** `info` is a notice (a retired kind, an older item type): nothing is wrong for the file's own runtime. */
  severity: 'error' | 'warning' | 'info';
  path: string;
  message: string;
  stepId?: string;
  /** For orphaned step_config entries: what to do about them. */
  suggestion?: { action: 'merge'; into: string } | { action: 'remove' };
}

export type ProblemCode =
  | 'schema'
  | 'missing_step_id'
  | 'duplicate_step_id'
  | 'unknown_target'
  | 'sub_agent_target'
  | 'unreachable_step'
  | 'routing_too_few_routes'
  | 'duplicate_route_id'
  | 'unknown_default_route'
  | 'unknown_case_route'
  | 'todo_task_no_agents'
  | 'unknown_option_route'
  | 'missing_required_field'
  | 'route_without_target'
  | 'sub_agent_id_mismatch'
  | 'orphan_ref_and_sub_agent'
  | 'unknown_shared_with'
  | 'legacy_step_kind'
  | 'no_items'
  | 'removed_item_type'
  | 'missing_item_id'
  | 'duplicate_item_id'
  | 'unknown_item_type'
  | 'legacy_item_type'
  | 'unknown_orphan_ref'
  | 'orphan_not_shared'
  | 'route_without_agent'
  | 'retired_step_kind'
  | 'unknown_response_type'
  | 'answer_route_mismatch'
  | 'unrouted_option'
  | 'nesting_too_deep'
  | 'invalid_value'
  | 'unknown_script_step'
  | 'unknown_step_kind'
  | 'orphan_step_config'
  | 'duplicate_step_config'
  | 'legacy_format';
