import { GitBranch } from 'lucide-react';
import { stepDefinition } from '../step-definition';

export const conditionalDefinition = stepDefinition({ kind: 'conditional', label: 'Conditional', icon: GitBranch, content: { width: 280, height: 132 } });
