import type { NodeDefinition } from '../../flow/node-definition';
import type { DataOfKind } from '../../flow/node-data';
import { NodeHandles } from './node-handles';
import { useNodeGeometry } from './use-node-geometry';

/** The body of the start and end pills: the kind's icon and label, and its one handle. */
export function TerminalNode<K extends 'start' | 'end'>({ definition, data }: { definition: NodeDefinition<K>; data: DataOfKind<K> }) {
  const { size, handles } = useNodeGeometry(definition, data);
  const Icon = definition.icon;
  return (
    <div
      className={`pv-terminal pv-terminal--${definition.kind}`}
      data-status="idle"
      data-kind={definition.kind}
      style={{ width: size.width, height: size.height }}
    >
      <Icon size={13} aria-hidden />
      {definition.label}
      <NodeHandles handles={handles} size={size} />
    </div>
  );
}
