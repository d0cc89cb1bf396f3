import { memo, type CSSProperties } from 'react';
import { Handle } from '@xyflow/react';
import { isVerticalSide, RAIL_ROW, railTop, type HandleSpec, type Size } from '../../flow/handles';

/**
 * Draws a node's handles where its definition puts them, and the label of every labelled output
 * beside its handle (rows along the right edge in LR, slots along the bottom in TB).
 */
export const NodeHandles = memo(function NodeHandles({ handles, size, compact = false }: { handles: readonly HandleSpec[]; size: Size; compact?: boolean }) {
  const labelled = compact ? [] : handles.filter((h) => h.type === 'source' && h.label !== undefined);
  const slot = labelled.length > 0 ? size.width / labelled.length : size.width;
  const top = railTop(handles, size);
  return (
    <>
      {labelled.length > 0 && <div className="pv-rail" style={{ top }} aria-hidden />}
      {labelled.map((h) => (
        <div key={`label-${h.id}`} className={`pv-port-label pv-port-label--${h.position}`} style={labelStyle(h, slot)} title={h.label} data-port={h.id}>
          <span className="pv-port-label__text">{h.label}</span>
        </div>
      ))}
      {handles.map((h) => (
        <Handle
          key={`${h.type}-${h.id}`}
          id={h.id}
          type={h.type}
          position={h.position}
          className={`pv-handle pv-handle--${h.type}${h.id === 'return' ? ' pv-handle--return' : ''}`}
          style={isVerticalSide(h.position) ? { top: h.offset } : { left: h.offset }}
        />
      ))}
    </>
  );
});

function labelStyle(h: HandleSpec, slot: number): CSSProperties {
  if (isVerticalSide(h.position)) return { top: h.offset - RAIL_ROW / 2, height: RAIL_ROW };
  return { left: h.offset - slot / 2, width: slot };
}
