import type { OrchestrationStep } from '@planvas/shared';
import { Section, TextField } from '../../../forms/fields';
import { FlowSection } from '../../../forms/flow-section';
import type { KindFieldsProps } from '../../../forms/kind-fields-props';
import { RoutesSection } from '../../../forms/routes-editor';
import { useStepUpdate } from '../../../forms/use-step-update';

/** The texts of the orchestrator the step holds in `orchestration_step`. */
const ORCHESTRATOR_TEXTS = [
  { key: 'description', label: 'Orchestrator description' },
  { key: 'success_criteria', label: 'Orchestrator success criteria' },
] as const;

export function OrchestrationFields({ step, inFlow }: KindFieldsProps<OrchestrationStep>) {
  const { update } = useStepUpdate(step.id);
  const inner = step.orchestration_step ?? {};
  return (
    <>
      <Section title="Orchestrator">
        {ORCHESTRATOR_TEXTS.map(({ key, label }) => (
          <TextField
            key={key}
            label={label}
            multiline
            value={inner[key] ?? ''}
            onChange={(text) => update({ orchestration_step: { ...inner, [key]: text } }, `orchestration_step.${key}`)}
          />
        ))}
      </Section>
      <RoutesSection stepId={step.id} delegating routes={step.orchestration_routes ?? []} />
      <FlowSection stepId={step.id} inFlow={inFlow} />
    </>
  );
}
