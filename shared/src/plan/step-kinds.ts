import { GENERATION_ORDER, GENERATIONS, type Generation } from './generations';
import { agentKind, type AgentStep } from './steps/agent';
import { branchKind, type BranchStep } from './steps/branch';
import { conditionalKind, type ConditionalStep } from './steps/conditional';
import { crewKind, type CrewStep } from './steps/crew';
import { decisionKind, type DecisionStep } from './steps/decision';
import { humanInputKind, type HumanInputStep } from './steps/human-input';
import type { StepKindSpec } from './steps/kind-spec';
import { messageSequenceKind, type MessageSequenceStep } from './steps/message-sequence';
import { orchestrationKind, type OrchestrationStep } from './steps/orchestration';
import { orchestratorKind, type OrchestratorStep } from './steps/orchestrator';
import { regularKind, type RegularStep } from './steps/regular';
import { routingKind, type RoutingStep } from './steps/routing';
import { todoTaskKind, type TodoTaskStep } from './steps/todo-task';
import { KNOWN_STEP_TYPES, type StepKind } from './step-kind-names';

/** The step type of each kind (its module's schema type); a new kind adds its line here and its row below. */
export interface StepOfKind {
  regular: RegularStep;
  todo_task: TodoTaskStep;
  orchestrator: OrchestratorStep;
  agent: AgentStep;
  message_sequence: MessageSequenceStep;
  routing: RoutingStep;
  branch: BranchStep;
  human_input: HumanInputStep;
  crew: CrewStep;
  orchestration: OrchestrationStep;
  conditional: ConditionalStep;
  decision: DecisionStep;
}
// The kind names live in a leaf module (`step-kind-names.ts`); this fails to compile when a kind is
// named there and not here, or here and not there.
const sameKinds: [Exclude<keyof StepOfKind, StepKind>, Exclude<StepKind, keyof StepOfKind>] extends [never, never] ? true : never = true;
void sameKinds;

/**
 * The step kinds planvas understands, one module each under `steps/`; any other `type` is an
 * opaque step. Adding a kind is one module, its name in `step-kind-names.ts` and one row here; the
 * compiler then names every place that must handle it (the web's node registry, the engine's
 * executors). Order is the palette's order (the names' order).
 */
export const STEP_KINDS: { readonly [K in StepKind]: StepKindSpec<StepOfKind[K], K> } = {
  regular: regularKind,
  todo_task: todoTaskKind,
  orchestrator: orchestratorKind,
  agent: agentKind,
  message_sequence: messageSequenceKind,
  routing: routingKind,
  branch: branchKind,
  human_input: humanInputKind,
  crew: crewKind,
  orchestration: orchestrationKind,
  conditional: conditionalKind,
  decision: decisionKind,
};

/** The spec of a kind, typed loosely for generic code (the flow, the walk, the checks). */
export function stepKindSpec(kind: StepKind): StepKindSpec<StepOfKind[StepKind]> {
  return STEP_KINDS[kind] as unknown as StepKindSpec<StepOfKind[StepKind]>;
}

/** Palette labels, also the default title of a new step. */
export const STEP_KIND_LABELS = Object.fromEntries(KNOWN_STEP_TYPES.map((kind) => [kind, STEP_KINDS[kind].label])) as Record<StepKind, string>;

/** Whether a new step of a kind fits a file of a generation, and why not when it does not. */
export type KindOffer = { offered: true } | { offered: false; reason: string };

/**
 * What the palette offers for a file of `generation`: the kinds its loader accepts, under the
 * names its writers use. A kind the generation writes under another name (agentworks' newest
 * writes `agent` for orchestrator and message_sequence) is not offered, nor is one it does not
 * accept (retired, or not there yet), so a new step never brings a kind into a file that its
 * runtime would reject or rename.
 */
export function kindOffer(kind: StepKind, generation: Generation): KindOffer {
  const spec = STEP_KINDS[kind];
  const renamed = spec.renamedIn?.[generation];
  if (renamed !== undefined)
    return {
      offered: false,
      reason: `${GENERATIONS[generation].label} writes ${spec.label} steps as "${renamed}"; add ${STEP_KIND_LABELS[renamed as StepKind] ?? renamed} instead`,
    };
  if (spec.generations.includes(generation)) return { offered: true };
  const first = spec.generations[0];
  const later = first !== undefined && GENERATION_ORDER.indexOf(first) > GENERATION_ORDER.indexOf(generation);
  return {
    offered: false,
    reason: later
      ? `${spec.label} came with ${GENERATIONS[first].label}; this file's runtime (${GENERATIONS[generation].label}) does not know it`
      : `${GENERATIONS[generation].label} no longer accepts ${spec.label} steps`,
  };
}
