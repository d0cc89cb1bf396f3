import type { ComponentType } from 'react';
import type { KnownStep, StepKind, StepOfKind } from '@planvas/shared';
import type { KindFieldsProps } from '../../forms/kind-fields-props';
import { AgentFields } from '../../canvas/kinds/agent/fields';
import { BranchFields } from '../../canvas/kinds/branch/fields';
import { ConditionalFields } from '../../canvas/kinds/conditional/fields';
import { CrewFields } from '../../canvas/kinds/crew/fields';
import { DecisionFields } from '../../canvas/kinds/decision/fields';
import { HumanInputFields } from '../../canvas/kinds/human-input/fields';
import { MessageSequenceFields } from '../../canvas/kinds/message-sequence/fields';
import { OrchestrationFields } from '../../canvas/kinds/orchestration/fields';
import { OrchestratorFields } from '../../canvas/kinds/orchestrator/fields';
import { RegularFields } from '../../canvas/kinds/regular/fields';
import { RoutingFields } from '../../canvas/kinds/routing/fields';
import { TodoTaskFields } from '../../canvas/kinds/todo-task/fields';

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
