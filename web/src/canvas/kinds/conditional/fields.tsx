import type { ConditionalStep } from '@planvas/shared';
import { Section, TextField } from '../../../forms/fields';
import type { KindFieldsProps } from '../../../forms/kind-fields-props';
import { TargetSelect } from '../../../forms/target-select';
import { useStepUpdate } from '../../../forms/use-step-update';

export function ConditionalFields({ step, inFlow }: KindFieldsProps<ConditionalStep>) {
  const { update } = useStepUpdate(step.id);
  return (
    <Section title="Condition">
      <TextField
        label="Condition question"
        multiline
        value={step.condition_question ?? ''}
        onChange={(condition_question) => update({ condition_question }, 'condition_question')}
      />
      {inFlow && (
        <>
          <BranchTarget step={step} branch="true" label="If yes" />
          <BranchTarget step={step} branch="false" label="If no" />
          <NextAfterBranches step={step} />
        </>
      )}
    </Section>
  );
}

/** A branch with its own steps starts with the first of them; otherwise it goes where its output points. */
function BranchTarget({ step, branch, label }: { step: ConditionalStep; branch: 'true' | 'false'; label: string }) {
  const steps = (branch === 'true' ? step.if_true_steps : step.if_false_steps) ?? [];
  if (steps.length > 0) {
    return (
      <p className="pv-muted" data-testid={`branch-${branch}`}>
        {label}: runs its {steps.length} branch step{steps.length === 1 ? '' : 's'}, starting with <code>{steps[0]!.id}</code>
      </p>
    );
  }
  return <TargetSelect stepId={step.id} handle={branch} label={label} />;
}

function NextAfterBranches({ step }: { step: ConditionalStep }) {
  const hasBranchSteps = (step.if_true_steps?.length ?? 0) + (step.if_false_steps?.length ?? 0) > 0;
  const { update } = useStepUpdate(step.id);
  if (!hasBranchSteps) return null;
  return (
    <TextField
      label="After the branches, continue with"
      value={step.next_step_id ?? ''}
      placeholder="list order"
      onChange={(next_step_id) => update({ next_step_id: next_step_id.trim() === '' ? undefined : next_step_id }, 'next_step_id')}
      hint="A step id, or end; empty continues with the next step of the list"
    />
  );
}
