import { Workflow } from 'lucide-react';
import { stepDefinition } from '../../../flow/kind-parts/step-definition';

export const regularDefinition = stepDefinition({
  kind: 'regular',
  label: 'Step',
  hint: 'One agent does one task',
  icon: Workflow,
  content: { width: 280, height: 132 },
});
