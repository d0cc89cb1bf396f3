import type { ComponentType } from 'react';
import type { KnownStep, StepKind, StepOfKind } from '@planvas/shared';
import type { KindFieldsProps } from '../../forms/kind-fields-props';
import { AgentFields } from '../../forms/kinds/agent-fields';
import { BranchFields } from '../../forms/kinds/branch-fields';
import { ConditionalFields } from '../../forms/kinds/conditional-fields';
import { CrewFields } from '../../forms/kinds/crew-fields';
import { DecisionFields } from '../../forms/kinds/decision-fields';
import { HumanInputFields } from '../../forms/kinds/human-input-fields';
import { MessageSequenceFields } from '../../forms/kinds/message-sequence-fields';
import { OrchestrationFields } from '../../forms/kinds/orchestration-fields';
import { OrchestratorFields } from '../../forms/kinds/orchestrator-fields';
import { RegularFields } from '../../forms/kinds/regular-fields';
import { RoutingFields } from '../../forms/kinds/routing-fields';
import { TodoTaskFields } from '../../forms/kinds/todo-task-fields';

/**
 * Each step kind's inspector fields beyond the common ones (forms/kinds/<kind>-fields.tsx). Typed by
 * shared's StepKind: a kind added to shared's STEP_KINDS fails the typecheck here until it has them.
 */
const kindFields = {
  regular: RegularFields,
  todo_task: TodoTaskFields,
  orchestrator: OrchestratorFields,
  agent: AgentFields,
  message_sequence: MessageSequenceFields,
  routing: RoutingFields,
  branch: BranchFields,
  human_input: HumanInputFields,
  crew: CrewFields,
  orchestration: OrchestrationFields,
  conditional: ConditionalFields,
  decision: DecisionFields,
} satisfies { [K in StepKind]: ComponentType<KindFieldsProps<StepOfKind[K]>> };

/** The fields of the step's own kind, and where its outputs go. */
export function KindFields({ step, inFlow }: KindFieldsProps<KnownStep>) {
  // Each kind's component takes its own step type; the step's `type` picked it, so the pairing holds.
  const Fields = kindFields[step.type] as ComponentType<KindFieldsProps<KnownStep>>;
  return <Fields step={step} inFlow={inFlow} />;
}
