import type { BranchStep } from '@planvas/shared';
import { BranchCasesEditor } from '../../../forms/branch-cases-editor';
import { Section, TextField } from '../../../forms/fields';
import type { KindFieldsProps } from '../../../forms/kind-fields-props';
import { RoutesEditor } from '../../../forms/routes-editor';
import { useStepUpdate } from '../../../forms/use-step-update';

/**
 * A branch picks its route by a value when it has one (`value_path` read from `route_source_file`,
 * matched against `value_cases`), else by its question; the default route when nothing matches.
 */
export function BranchFields({ step }: KindFieldsProps<BranchStep>) {
  const { update } = useStepUpdate(step.id);
  const optionalText = (key: string) => (value: string) => update({ [key]: value.trim() === '' ? undefined : value }, key);
  return (
    <>
      <Section title="Question">
        <TextField
          label="Branch question"
          multiline
          value={step.branch_question ?? ''}
          onChange={(branch_question) => update({ branch_question }, 'branch_question')}
          hint="Asked when no value case decides"
        />
      </Section>
      <Section title="Value" testId="branch-value-section">
        <TextField
          label="Source file"
          value={step.route_source_file ?? ''}
          onChange={optionalText('route_source_file')}
          placeholder="review.json"
          hint="A context file the branch reads"
          testId="route-source-file"
        />
        <TextField
          label="Value path"
          value={step.value_path ?? ''}
          onChange={optionalText('value_path')}
          placeholder="decision.status"
          hint="Where the value is inside it (dotted path)"
          testId="value-path"
        />
        <BranchCasesEditor stepId={step.id} cases={step.value_cases} routes={step.routes ?? []} />
      </Section>
      <Section title="Routes" testId="routes-section">
        <RoutesEditor stepId={step.id} delegating={false} routes={step.routes ?? []} defaultRouteId={step.default_route_id} />
      </Section>
    </>
  );
}
