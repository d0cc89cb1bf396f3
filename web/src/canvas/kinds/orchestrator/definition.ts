import { Waypoints } from 'lucide-react';
import { delegatingContent } from '../../../flow/kind-parts/delegating-content';
import { stepDefinition } from '../../../flow/kind-parts/step-definition';

/** agentworks' name for the todo orchestrator: drawn as a todo_task is. */
/** The palette's tooltip. */
const hint = 'Plans todos and delegates them to sub-agents';

export const orchestratorDefinition = stepDefinition({ kind: 'orchestrator', label: 'Orchestrator', hint, icon: Waypoints, content: delegatingContent });
