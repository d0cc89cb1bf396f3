import { BotMessageSquare } from 'lucide-react';
import { delegatingContent } from '../../../flow/kind-parts/delegating-content';
import { stepDefinition } from '../../../flow/kind-parts/step-definition';

/** agentworks' newest kind: items in order and, with routes, a todo orchestrator over them. */
/** The palette's tooltip. */
const hint = 'Runs its items in order; with routes, delegates todos to sub-agents';

export const agentDefinition = stepDefinition({ kind: 'agent', label: 'Agent', hint, icon: BotMessageSquare, content: delegatingContent });
