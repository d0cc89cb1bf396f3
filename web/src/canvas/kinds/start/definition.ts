import { Play } from 'lucide-react';
import { centredOutput } from '../../../flow/handles';
import { terminalDefinition } from '../../../flow/kind-parts/terminal-definition';

export const startDefinition = terminalDefinition('start', 'Start', Play, centredOutput);
