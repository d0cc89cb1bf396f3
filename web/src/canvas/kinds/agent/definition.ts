import { BotMessageSquare } from 'lucide-react';
import { delegatingContent } from '../../../flow/kind-parts/delegating-content';
import { stepDefinition } from '../../../flow/kind-parts/step-definition';

/** agentworks' newest kind: items in order and, with routes, a todo orchestrator over them. */
export const agentDefinition = stepDefinition({
  kind: 'agent',
  label: 'Agent',
  hint: 'Runs its items in order; with routes, delegates todos to sub-agents',
  icon: BotMessageSquare,
  content: delegatingContent,
});
