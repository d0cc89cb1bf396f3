import { Signpost } from 'lucide-react';
import { stepDefinition } from '../../../flow/kind-parts/step-definition';

export const routingDefinition = stepDefinition({
  kind: 'routing',
  label: 'Routing',
  hint: 'Picks one of several next steps',
  icon: Signpost,
  content: { width: 280, height: 110 },
});
