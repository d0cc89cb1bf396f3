import { useMemo } from 'react';
import { useAppStore } from '../../store/store-context';
import type { HandleSpec, Size } from '../../flow/handles';
import type { DataOfKind, NodeKind } from '../../flow/node-data';
import type { NodeDefinition } from '../../flow/node-definition';

/**
 * Size and handles of a node for the current direction. Each node reads the direction from the
 * store itself (a one-value subscription), so switching direction moves every handle.
 */
export function useNodeGeometry<K extends NodeKind>(definition: NodeDefinition<K>, data: DataOfKind<K>): { size: Size; handles: HandleSpec[] } {
  const direction = useAppStore((s) => s.direction);
  return useMemo(() => ({ size: definition.size(data, direction), handles: definition.handles(data, direction) }), [definition, data, direction]);
}
