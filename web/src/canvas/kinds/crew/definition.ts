import { UsersRound } from 'lucide-react';
import { stepDefinition } from '../step-definition';

export const crewDefinition = stepDefinition({ kind: 'crew', label: 'Crew', icon: UsersRound, content: { width: 280, height: 150 } });
