import { Scale } from 'lucide-react';
import { stepDefinition } from '../../../flow/kind-parts/step-definition';

export const decisionDefinition = stepDefinition({
  kind: 'decision',
  label: 'Decision',
  hint: 'Yes / no jump',
  icon: Scale,
  content: { width: 270, height: 128 },
});
