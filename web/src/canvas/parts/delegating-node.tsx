import { runsTodoOrchestrator } from '@planvas/shared';
import type { NodeDefinition } from '../../flow/node-definition';
import type { StepDataOfKind } from '../../flow/node-data';
import { DelegatingBody, OrchestratorHeader } from './delegating-body';
import { StepNodeFrame } from './step-node-frame';

type ItemKind = 'todo_task' | 'orchestrator' | 'agent' | 'message_sequence';

/**
 * The node of the kinds that run the todo orchestrator or a list of items (todo_task, orchestrator,
 * agent, message_sequence). One component, so the four look and behave alike; a step that runs the
 * orchestrator (see runsTodoOrchestrator) also shows its iteration, progress and logs button.
 */
export function DelegatingNode<K extends ItemKind>({ id, data, definition }: { id: string; data: StepDataOfKind[K]; definition: NodeDefinition<K> }) {
  const live = data as StepDataOfKind['todo_task'] | StepDataOfKind['message_sequence'];
  const progress = 'progress' in live ? live.progress : undefined;
  const iteration = 'iteration' in live ? live.iteration : undefined;
  const orchestrates = runsTodoOrchestrator(live.step);
  return (
    <StepNodeFrame
      definition={definition}
      data={data}
      // The iteration and the todo progress take the room of the status' label.
      statusIconOnly={Boolean(iteration) || progress !== undefined}
      headerExtra={orchestrates ? <OrchestratorHeader nodeId={id} stepId={live.step.id} iteration={iteration} progress={progress} /> : undefined}
    >
      <DelegatingBody data={live as StepDataOfKind['todo_task']} />
    </StepNodeFrame>
  );
}
