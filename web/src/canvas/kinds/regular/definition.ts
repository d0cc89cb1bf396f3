import { Workflow } from 'lucide-react';
import { stepDefinition } from '../step-definition';

export const regularDefinition = stepDefinition({ kind: 'regular', label: 'Step', icon: Workflow, content: { width: 280, height: 132 } });
