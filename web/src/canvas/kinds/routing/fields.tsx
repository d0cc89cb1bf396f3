import type { RoutingStep } from '@planvas/shared';
import { Section } from '../../../forms/fields';
import type { KindFieldsProps } from '../../../forms/kind-fields-props';
import { RoutesSection } from '../../../forms/routes-editor';
import { StepTextField } from '../../../forms/step-text-field';

export function RoutingFields({ step }: KindFieldsProps<RoutingStep>) {
  return (
    <>
      <Section title="Question">
        <StepTextField step={step} field="routing_question" label="Routing question" multiline />
      </Section>
      <RoutesSection stepId={step.id} delegating={false} routes={step.routes ?? []} defaultRouteId={step.default_route_id} />
    </>
  );
}
