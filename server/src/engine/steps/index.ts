import { runsTodoOrchestrator, type FlowNode, type StepKind } from '@planvas/shared';
import type { RunContext } from '../run-context';
import type { StepPosition } from '../step-position';
import { runTodoTaskStep } from '../todo-task/todo-task-step';
import { runBranchStep } from './branch-step';
import { runChoiceStep } from './choice-step';
import { runCrewStep } from './crew-step';
import { runHumanInputStep } from './human-input-step';
import { runOrchestrationStep } from './orchestration-step';
import { runRegularStep } from './regular-step';
import { runSequenceStep } from './sequence-step';

/** Runs one step; answers the handle it leaves by (`next`, a route id, `true`, `yes`, `option-2`, ...). */
export type StepExecutor = (ctx: RunContext, node: FlowNode, position: StepPosition) => Promise<string>;

/**
 * How each kind runs; the compiler names a kind missing here. orchestrator and agent with routes
 * run the todo_task orchestrator over their routes; an agent without routes runs its items as a
 * message_sequence does (shared's runsTodoOrchestrator, which the canvas asks too).
 */
export const STEP_EXECUTORS: { readonly [K in StepKind]: StepExecutor } = {
  regular: runRegularStep,
  todo_task: runTodoTaskStep,
  orchestrator: runTodoTaskStep,
  agent: (ctx, node, position) => (runsTodoOrchestrator(node.step) ? runTodoTaskStep(ctx, node, position) : runSequenceStep(ctx, node, position)),
  message_sequence: runSequenceStep,
  routing: runChoiceStep,
  branch: runBranchStep,
  human_input: runHumanInputStep,
  crew: runCrewStep,
  orchestration: runOrchestrationStep,
  conditional: runChoiceStep,
  decision: runChoiceStep,
};
