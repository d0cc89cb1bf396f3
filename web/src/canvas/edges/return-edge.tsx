import { memo, useId } from 'react';
import { BaseEdge, getBezierPath, type EdgeProps } from '@xyflow/react';
import type { CanvasEdge } from '../../flow/edge-data';

/**
 * A sub-agent's dashed "Return" edge back to its parent's route handle. The label runs along the
 * curve next to the sub-agent instead of sitting at the midpoint, where the labels of sibling
 * return edges would pile up on top of each other.
 */
export const ReturnEdge = memo(function ReturnEdge(props: EdgeProps<CanvasEdge>) {
  const { sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, markerEnd, style, interactionWidth } = props;
  const [path] = getBezierPath({ sourceX, sourceY, sourcePosition, targetX, targetY, targetPosition });
  // Text follows its path's direction and prints upside down on a path running right to left, so
  // the label rides on the same curve drawn from its left end; it stays next to the sub-agent.
  const reversed = targetX < sourceX;
  const [readingPath] = reversed
    ? getBezierPath({ sourceX: targetX, sourceY: targetY, sourcePosition: targetPosition, targetX: sourceX, targetY: sourceY, targetPosition: sourcePosition })
    : [path];
  // Edge ids hold characters (`:`, `>`) that do not belong in a URL fragment; textPath needs one.
  const pathId = `pv-return-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <>
      <BaseEdge
        path={path}
        {...(markerEnd ? { markerEnd } : {})}
        {...(style ? { style } : {})}
        {...(interactionWidth !== undefined ? { interactionWidth } : {})}
      />
      <path id={pathId} d={readingPath} fill="none" stroke="none" />
      <text className="pv-return-label" dy={-4} aria-hidden>
        <textPath href={`#${pathId}`} startOffset={reversed ? '88%' : '12%'} textAnchor={reversed ? 'end' : 'start'}>
          return
        </textPath>
      </text>
    </>
  );
});
