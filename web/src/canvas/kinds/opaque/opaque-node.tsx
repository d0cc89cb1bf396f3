import { memo, useMemo } from 'react';
import type { NodeProps } from '@xyflow/react';
import type { OpaqueNode as OpaqueNodeType } from '../../../flow/node-data';
import { NodeShell } from '../../parts/node-shell';
import { useNodeGeometry } from '../../parts/use-node-geometry';
import { opaqueDefinition } from './definition';

const MAX_JSON = 1500;

/** Renders whatever a value is, without ever throwing (an opaque step may hold anything). */
function safeJson(value: unknown): string {
  try {
    const text = JSON.stringify(value, null, 2) ?? String(value);
    return text.length > MAX_JSON ? `${text.slice(0, MAX_JSON)}\n…` : text;
  } catch {
    return String(value);
  }
}

/** A step of a type planvas does not know (a newer runtime's): its raw JSON, kept as written. */
export const OpaqueNode = memo(function OpaqueNode({ data }: NodeProps<OpaqueNodeType>) {
  const { size, handles } = useNodeGeometry(opaqueDefinition, data);
  const step = data.step as Record<string, unknown>;
  const { type, id, title } = step;
  const json = useMemo(() => {
    const { type: _type, id: _id, title: _title, ...rest } = data.step as Record<string, unknown>;
    return safeJson(rest);
  }, [data.step]);
  const label = typeof title === 'string' && title.trim() ? title : String(id);
  return (
    <NodeShell
      kind="opaque"
      icon={opaqueDefinition.icon}
      kindLabel={`Unknown · ${typeof type === 'string' ? type : '?'}`}
      title={label}
      number={data.number}
      size={size}
      handles={handles}
      status={data.status}
      statusNote={data.statusNote}
      problems={data.problems}
    >
      <div className="pv-node__title" title={label}>
        {label}
      </div>
      <pre className="pv-json nodrag nowheel nokey" data-testid="opaque-json">
        {json}
      </pre>
    </NodeShell>
  );
});
