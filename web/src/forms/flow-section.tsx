import { Section } from './fields';
import { TargetSelect } from './target-select';

/** Where a step with one output goes next, for steps of the flow (a route's sub-agent has no flow of its own). */
export function FlowSection({ stepId, inFlow }: { stepId: string; inFlow: boolean }) {
  if (!inFlow) return null;
  return (
    <Section title="Flow">
      <TargetSelect stepId={stepId} handle="next" label="Next step" testId="next-step" />
    </Section>
  );
}
