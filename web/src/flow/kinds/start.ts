import { Play } from 'lucide-react';
import { centredOutput } from '../handles';
import { terminalDefinition } from './terminal-definition';

export const startDefinition = terminalDefinition('start', 'Start', Play, centredOutput);
