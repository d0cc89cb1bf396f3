import type { BranchStep } from '@planvas/shared';
import { BranchCasesEditor } from '../../../forms/branch-cases-editor';
import { Section } from '../../../forms/fields';
import type { KindFieldsProps } from '../../../forms/kind-fields-props';
import { RoutesSection } from '../../../forms/routes-editor';
import { StepTextField } from '../../../forms/step-text-field';

/**
 * A branch picks its route by a value when it has one (`value_path` read from `route_source_file`,
 * matched against `value_cases`), else by its question; the default route when nothing matches.
 */
export function BranchFields({ step }: KindFieldsProps<BranchStep>) {
  return (
    <>
      <Section title="Question">
        <StepTextField step={step} field="branch_question" label="Branch question" multiline hint="Asked when no value case decides" />
      </Section>
      <Section title="Value" testId="branch-value-section">
        <StepTextField
          step={step}
          field="route_source_file"
          label="Source file"
          blankRemoves
          placeholder="review.json"
          hint="A context file the branch reads"
          testId="route-source-file"
        />
        <StepTextField
          step={step}
          field="value_path"
          label="Value path"
          blankRemoves
          placeholder="decision.status"
          hint="Where the value is inside it (dotted path)"
          testId="value-path"
        />
        <BranchCasesEditor stepId={step.id} cases={step.value_cases} routes={step.routes ?? []} />
      </Section>
      <RoutesSection stepId={step.id} delegating={false} routes={step.routes ?? []} defaultRouteId={step.default_route_id} />
    </>
  );
}
