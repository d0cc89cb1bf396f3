import { Scale } from 'lucide-react';
import { stepDefinition } from '../step-definition';

export const decisionDefinition = stepDefinition({ kind: 'decision', label: 'Decision', icon: Scale, content: { width: 270, height: 128 } });
