import { UsersRound } from 'lucide-react';
import { stepDefinition } from '../../../flow/kind-parts/step-definition';

/** The palette's tooltip. */
const hint = 'Hands the work to an external crew and waits';

export const crewDefinition = stepDefinition({ kind: 'crew', label: 'Crew', hint, icon: UsersRound, content: { width: 280, height: 150 } });
