import { GitBranch } from 'lucide-react';
import { stepDefinition } from '../../../flow/kind-parts/step-definition';

/** The palette's tooltip. */
const hint = 'Yes / no, with steps of its own per branch';

export const conditionalDefinition = stepDefinition({ kind: 'conditional', label: 'Conditional', hint, icon: GitBranch, content: { width: 280, height: 132 } });
