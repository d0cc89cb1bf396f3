import type { LucideIcon } from 'lucide-react';
import type { LayoutDirection } from '@planvas/shared';
import type { HandleSpec, Size } from '../handles';
import type { NodeDefinition } from '../node-definition';

export const TERMINAL_SIZE: Size = { width: 96, height: 40 };

/** The start and end pills: a fixed size and one handle (start's output, end's input). */
export function terminalDefinition<K extends 'start' | 'end'>(
  kind: K,
  label: string,
  icon: LucideIcon,
  handle: (size: Size, direction: LayoutDirection) => HandleSpec,
): NodeDefinition<K> {
  return { kind, label, icon, size: () => TERMINAL_SIZE, handles: (_data, direction) => [handle(TERMINAL_SIZE, direction)] };
}
