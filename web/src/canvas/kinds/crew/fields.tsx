import type { CrewStep } from '@planvas/shared';
import { NumberField, Section, TextField } from '../../../forms/fields';
import { FlowSection } from '../../../forms/flow-section';
import type { KindFieldsProps } from '../../../forms/kind-fields-props';
import { useStepUpdate } from '../../../forms/use-step-update';

/** A crew step triggers an external crew and waits for it: whom it triggers, what it asks, how long it waits. */
export function CrewFields({ step, inFlow }: KindFieldsProps<CrewStep>) {
  const { update, commit } = useStepUpdate(step.id);
  return (
    <>
      <Section title="Crew" testId="crew-section">
        <p className="pv-muted">Run by an external crew: planvas triggers it and waits; in a planvas run it is a simulated call.</p>
        <TextField
          label="Crew profile"
          value={step.crew_profile_id ?? ''}
          onChange={(crew_profile_id) => update({ crew_profile_id }, 'crew_profile_id')}
          testId="crew-profile"
        />
        <TextField label="Crew project" value={step.crew_project_id ?? ''} onChange={(crew_project_id) => update({ crew_project_id }, 'crew_project_id')} />
        <TextField label="Trigger" value={step.trigger_id ?? ''} onChange={(trigger_id) => update({ trigger_id }, 'trigger_id')} />
        <TextField label="Instruction" multiline value={step.instruction ?? ''} onChange={(instruction) => update({ instruction }, 'instruction')} />
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
