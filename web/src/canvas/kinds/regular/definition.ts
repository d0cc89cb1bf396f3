import { Workflow } from 'lucide-react';
import { centredOutput, inputHandle, type Size } from '../../handles';
import type { NodeDefinition } from '../../node-definition';

const SIZE: Size = { width: 280, height: 132 };

export const regularDefinition: NodeDefinition<'regular'> = {
  kind: 'regular',
  label: 'Step',
  icon: Workflow,
  size: () => SIZE,
  handles: (_data, direction) => [inputHandle(SIZE, direction), centredOutput(SIZE, direction)],
};
