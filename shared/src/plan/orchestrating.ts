import { generationTraits, type Generation } from './generations';
import { asKnownStep, type Step } from './step';
import type { OrchestratingStep } from './steps/delegating';
import { routesOf } from './walk';

/**
 * Whether a step runs the todo orchestrator: todo_task and orchestrator always; an agent only when
 * it has routes (without, it runs its items as a message_sequence does). The engine's executor
 * table and the canvas both ask this, so what is drawn is what runs.
 */
export function runsTodoOrchestrator(step: Step): step is OrchestratingStep {
  const known = asKnownStep(step);
  if (known?.type === 'todo_task' || known?.type === 'orchestrator') return true;
  return known?.type === 'agent' && (routesOf(known)?.routes.length ?? 0) > 0;
}

/**
 * Whether an orchestrating step has the generic agent for todos no route fits. Only the seed era had
 * the `enable_generic_agent` switch; in later generations every orchestrator has it
 * (docs/formats.md "The todo_task step": the field was dropped by the newer writers).
 */
export function hasGenericAgent(step: OrchestratingStep, generation: Generation): boolean {
  return generationTraits(generation).genericAgentSwitch ? (step as { enable_generic_agent?: unknown }).enable_generic_agent === true : true;
}
