import { Flag } from 'lucide-react';
import { inputHandle } from '../handles';
import { terminalDefinition } from './terminal-definition';

export const endDefinition = terminalDefinition('end', 'End', Flag, inputHandle);
