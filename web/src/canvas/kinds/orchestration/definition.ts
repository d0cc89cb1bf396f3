import { Network } from 'lucide-react';
import { stepDefinition } from '../../../flow/kind-parts/step-definition';

export const orchestrationDefinition = stepDefinition({
  kind: 'orchestration',
  label: 'Orchestration',
  hint: 'An orchestrator with routes to sub-agents',
  icon: Network,
  content: { width: 290, height: 154 },
});
