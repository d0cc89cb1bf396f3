import type { CrewStep } from '@planvas/shared';
import { NumberField, Section } from '../../../forms/fields';
import { FlowSection } from '../../../forms/flow-section';
import type { KindFieldsProps } from '../../../forms/kind-fields-props';
import { StepTextField } from '../../../forms/step-text-field';
import { useStepUpdate } from '../../../forms/use-step-update';

/** A crew step triggers an external crew and waits for it: whom it triggers, what it asks, how long it waits. */
export function CrewFields({ step, inFlow }: KindFieldsProps<CrewStep>) {
  const { commit } = useStepUpdate(step.id);
  return (
    <>
      <Section title="Crew" testId="crew-section">
        <p className="pv-muted">Run by an external crew: planvas triggers it and waits; in a planvas run it is a simulated call.</p>
        <StepTextField step={step} field="crew_profile_id" label="Crew profile" testId="crew-profile" />
        <StepTextField step={step} field="crew_project_id" label="Crew project" />
        <StepTextField step={step} field="trigger_id" label="Trigger" />
        <StepTextField step={step} field="instruction" label="Instruction" multiline />
        <NumberField
          label="Timeout (seconds)"
          integer
          min={0}
          value={step.timeout_seconds}
          onCommit={(timeout_seconds) => commit({ timeout_seconds })}
          hint="0 or empty: the runtime's default (1800 s)"
        />
      </Section>
      <FlowSection stepId={step.id} inFlow={inFlow} />
    </>
  );
}
