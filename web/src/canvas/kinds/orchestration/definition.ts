import { Network } from 'lucide-react';
import { stepDefinition } from '../../../flow/kind-parts/step-definition';

/** The palette's tooltip. */
const hint = 'An orchestrator with routes to sub-agents';

export const orchestrationDefinition = stepDefinition({
  kind: 'orchestration',
  label: 'Orchestration',
  hint,
  icon: Network,
  content: { width: 290, height: 154 },
});
