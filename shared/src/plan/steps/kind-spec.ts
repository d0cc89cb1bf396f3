import type { z } from 'zod';
import type { Generation } from '../generations';
import type { Problem } from '../problems';
import type { PathSegment } from '../walk';

/** How a flow edge leaves its step; also the canvas' edge styling key. */
export type FlowEdgeKind = 'next' | 'route' | 'option' | 'yes' | 'no' | 'true' | 'false';

/**
 * One way out of a step, as its kind defines it. `target` is the step id the step names for this
 * output; absent, the output follows the step's default (its `next_step_id`, else list order).
 * `field` is relative to the step and names the field that holds the target.
 */
export interface FlowOutput {
  kind: FlowEdgeKind;
  /** Source handle id on the canvas: `next`, a route id, `option-<index>`, `yes`, `no`, `true`, `false`. */
  handle: string;
  target?: string;
  field?: PathSegment[];
  label?: string;
}

/** A field of a step that names a flow target (a step id or `end`), relative to the step. */
export interface TargetField {
  field: PathSegment[];
  target: string;
}

/** A list of main-flow steps nested in a step (a conditional's branches). */
export interface NestedBranch {
  field: 'if_true_steps' | 'if_false_steps';
  branch: 'true' | 'false';
  /** Where control goes after the branch's last step, when the step names it. */
  exit?: string;
}

export interface CreateContext {
  id: string;
  title: string;
  /** The generation of the file the step goes into (its rules shape the new step). */
  generation: Generation;
  /** The fields every new step starts with, in the key order real plans use. */
  common: { id: string; title: string; description: string; success_criteria: string; context_dependencies: string[]; context_output: string };
  /** Makes `count` delegation routes for the new step (ids unique across the plan). */
  delegationRoutes(count: number): unknown[];
  /** Makes `count` jump routes (routing / branch). */
  jumpRoutes(count: number): unknown[];
}

export interface CheckContext {
  /** JSONPath of a field of the step. */
  at(field: PathSegment[]): string;
  /** The file's detected generation. */
  generation: Generation;
}

/**
 * Everything shared knows about one step kind. The table of these (`STEP_KINDS`) is the only list
 * of kinds: the flow, the walk, new steps, checks and the palette's options derive from it.
 */
export interface StepKindSpec<S, K extends string = string> {
  readonly kind: K;
  /** Palette label, also the default title of a new step. */
  readonly label: string;
  /**
   * The kind's own fields; loose: unknown keys are kept. Fields that hold other steps are added by
   * `step.ts` from `routes` (when delegating) and `stepLists`, since they refer back to the step
   * union (which is how the kind modules stay free of import cycles).
   */
  readonly schema: z.ZodObject;
  /** Fields holding lists of main-flow steps (a conditional's branches). */
  readonly stepLists?: readonly NestedBranch['field'][];
  /** The generations whose loader accepts this kind (see generations.ts). */
  readonly generations: readonly Generation[];
  /**
   * Routes that delegate to sub-agent steps (inline or shared orphan steps by reference), or
   * routes that name the next step. Absent for kinds without routes.
   */
  readonly routes?: { field: 'predefined_routes' | 'orchestration_routes'; delegating: true } | { field: 'routes'; delegating: false };
  /** Generations whose writers write this kind under another name (they still read this one). */
  readonly renamedIn?: Partial<Record<Generation, string>>;
  /** Fields the generation's loader requires to be non-blank (`validate…StepFieldsTyped`). */
  readonly requiredFields?: Partial<Record<Generation, readonly string[]>>;
  /** The step has an `enable_generic_agent` switch (where the file's generation still uses it). */
  readonly genericAgentSwitch?: boolean;
  /** A new step of this kind with the fields a user fills in next. */
  create(context: CreateContext): S;
  /** The step's ways out, in handle order. */
  outputs(step: S): FlowOutput[];
  /** Every field that names a flow target, `next_step_id` included. */
  targets(step: S): TargetField[];
  /** Nested main-flow step lists. */
  branches?(step: S): NestedBranch[];
  /** The kind's own checks (the plan-wide ones live in checks.ts). */
  check?(step: S, context: CheckContext): Problem[];
}

/** A string that names something: null, undefined and blank strings do not. */
export function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The `next_step_id` target field, when the step names one. */
export function nextTarget(step: { next_step_id?: string | null }): TargetField[] {
  const target = nonEmpty(step.next_step_id);
  return target === undefined ? [] : [{ field: ['next_step_id'], target }];
}

/** The single default output of a step that just goes on. */
export const NEXT_OUTPUT: readonly FlowOutput[] = [{ kind: 'next', handle: 'next' }];

/**
 * The flow and the checks also run on plans that break the schema (so their dangling targets are
 * still reported): a kind's function that meets a value of the wrong type answers the fallback.
 */
export function leniently<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}
