import type { RoutingStep } from '@planvas/shared';
import { Section, TextField } from '../../../forms/fields';
import type { KindFieldsProps } from '../../../forms/kind-fields-props';
import { RoutesEditor } from '../../../forms/routes-editor';
import { useStepUpdate } from '../../../forms/use-step-update';

export function RoutingFields({ step }: KindFieldsProps<RoutingStep>) {
  const { update } = useStepUpdate(step.id);
  return (
    <>
      <Section title="Question">
        <TextField
          label="Routing question"
          multiline
          value={step.routing_question ?? ''}
          onChange={(routing_question) => update({ routing_question }, 'routing_question')}
        />
      </Section>
      <Section title="Routes" testId="routes-section">
        <RoutesEditor stepId={step.id} delegating={false} routes={step.routes ?? []} defaultRouteId={step.default_route_id} />
      </Section>
    </>
  );
}
