import { Flag } from 'lucide-react';
import { inputHandle } from '../../handles';
import type { NodeDefinition } from '../../node-definition';
import { TERMINAL_SIZE } from '../start/definition';

export const endDefinition: NodeDefinition<'end'> = {
  kind: 'end',
  label: 'End',
  icon: Flag,
  size: () => TERMINAL_SIZE,
  handles: (_data, direction) => [inputHandle(TERMINAL_SIZE, direction)],
};
