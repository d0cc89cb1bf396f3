import { UsersRound } from 'lucide-react';
import { stepDefinition } from '../../../flow/kind-parts/step-definition';

export const crewDefinition = stepDefinition({
  kind: 'crew',
  label: 'Crew',
  hint: 'Hands the work to an external crew and waits',
  icon: UsersRound,
  content: { width: 280, height: 150 },
});
