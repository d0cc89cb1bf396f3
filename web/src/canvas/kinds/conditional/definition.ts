import { GitBranch } from 'lucide-react';
import { stepDefinition } from '../../../flow/kind-parts/step-definition';

export const conditionalDefinition = stepDefinition({
  kind: 'conditional',
  label: 'Conditional',
  hint: 'Yes / no, with steps of its own per branch',
  icon: GitBranch,
  content: { width: 280, height: 132 },
});
