import { Play } from 'lucide-react';
import { centredOutput, type Size } from '../../handles';
import type { NodeDefinition } from '../../node-definition';

export const TERMINAL_SIZE: Size = { width: 96, height: 40 };

export const startDefinition: NodeDefinition<'start'> = {
  kind: 'start',
  label: 'Start',
  icon: Play,
  size: () => TERMINAL_SIZE,
  handles: (_data, direction) => [centredOutput(TERMINAL_SIZE, direction)],
};
