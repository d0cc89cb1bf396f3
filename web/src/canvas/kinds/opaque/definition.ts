import { Braces } from 'lucide-react';
import { centredOutput, inputHandle, type Size } from '../../../flow/handles';
import type { NodeDefinition } from '../../../flow/node-definition';

const SIZE: Size = { width: 280, height: 172 };

export const opaqueDefinition: NodeDefinition<'opaque'> = {
  kind: 'opaque',
  label: 'Unknown step',
  icon: Braces,
  size: () => SIZE,
  handles: (_data, direction) => [inputHandle(SIZE, direction), centredOutput(SIZE, direction)],
};
