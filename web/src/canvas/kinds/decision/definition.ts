import { Scale } from 'lucide-react';
import { stepDefinition } from '../../../flow/kind-parts/step-definition';

/** The palette's tooltip. */
const hint = 'Yes / no jump';

export const decisionDefinition = stepDefinition({ kind: 'decision', label: 'Decision', hint, icon: Scale, content: { width: 270, height: 128 } });
