import { Flag } from 'lucide-react';
import { inputHandle } from '../../../flow/handles';
import { terminalDefinition } from '../../../flow/kind-parts/terminal-definition';

export const endDefinition = terminalDefinition('end', 'End', Flag, inputHandle);
