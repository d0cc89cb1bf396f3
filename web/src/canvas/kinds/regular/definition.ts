import { Workflow } from 'lucide-react';
import { stepDefinition } from '../../../flow/kind-parts/step-definition';

/** The palette's tooltip. */
const hint = 'One agent does one task';

export const regularDefinition = stepDefinition({ kind: 'regular', label: 'Step', hint, icon: Workflow, content: { width: 280, height: 132 } });
