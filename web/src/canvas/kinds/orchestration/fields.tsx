import type { OrchestrationStep } from '@planvas/shared';
import { Section, TextField } from '../../../forms/fields';
import { FlowSection } from '../../../forms/flow-section';
import type { KindFieldsProps } from '../../../forms/kind-fields-props';
import { RoutesEditor } from '../../../forms/routes-editor';
import { useStepUpdate } from '../../../forms/use-step-update';

export function OrchestrationFields({ step, inFlow }: KindFieldsProps<OrchestrationStep>) {
  const { update } = useStepUpdate(step.id);
  const inner = step.orchestration_step ?? {};
  return (
    <>
      <Section title="Orchestrator">
        <TextField
          label="Orchestrator description"
          multiline
          value={inner.description ?? ''}
          onChange={(description) => update({ orchestration_step: { ...inner, description } }, 'orchestration_step.description')}
        />
        <TextField
          label="Orchestrator success criteria"
          multiline
          value={inner.success_criteria ?? ''}
          onChange={(success_criteria) => update({ orchestration_step: { ...inner, success_criteria } }, 'orchestration_step.success_criteria')}
        />
      </Section>
      <Section title="Routes" testId="routes-section">
        <RoutesEditor stepId={step.id} delegating routes={step.orchestration_routes ?? []} />
      </Section>
      <FlowSection stepId={step.id} inFlow={inFlow} />
    </>
  );
}
