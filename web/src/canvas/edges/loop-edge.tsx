import { memo, useMemo } from 'react';
import { BaseEdge, getSmoothStepPath, Position, useStore, type EdgeProps, type Node, type ReactFlowState } from '@xyflow/react';
import type { CanvasEdge } from '../edge-data';
import { loopLane, type Box } from './loop-lane';

const nodesOf = (s: ReactFlowState) => s.nodes;

function boxOf(node: Node): Box {
  const width = node.measured?.width ?? node.width ?? 0;
  const height = node.measured?.height ?? node.height ?? 0;
  return { left: node.position.x, top: node.position.y, right: node.position.x + width, bottom: node.position.y + height };
}

/**
 * A jump back to an earlier step. A plain step path would run straight back through the nodes
 * between its ends (and their text); this one takes a lane outside all of them: below in LR,
 * right of them in TB. Recomputed when nodes change, not while panning.
 */
export const LoopEdge = memo(function LoopEdge(props: EdgeProps<CanvasEdge>) {
  const { source, target, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, markerEnd, style, label, labelStyle, labelShowBg, labelBgStyle, labelBgPadding, labelBgBorderRadius, interactionWidth } = props;
  const nodes = useStore(nodesOf);
  const vertical = sourcePosition === Position.Bottom || sourcePosition === Position.Top;
  const lane = useMemo(() => {
    const a = nodes.find((n) => n.id === source);
    const b = nodes.find((n) => n.id === target);
    if (!a || !b) return {};
    const at = loopLane(nodes.map(boxOf), boxOf(a), boxOf(b), vertical ? 'TB' : 'LR');
    return vertical ? { centerX: at } : { centerY: at };
  }, [nodes, source, target, vertical]);
  const [path, labelX, labelY] = getSmoothStepPath({ sourceX, sourceY, sourcePosition, targetX, targetY, targetPosition, borderRadius: 10, offset: 24, ...lane });
  return (
    <BaseEdge
      path={path}
      labelX={labelX}
      labelY={labelY}
      {...(label !== undefined ? { label } : {})}
      {...(labelStyle ? { labelStyle } : {})}
      {...(labelShowBg !== undefined ? { labelShowBg } : {})}
      {...(labelBgStyle ? { labelBgStyle } : {})}
      {...(labelBgPadding ? { labelBgPadding } : {})}
      {...(labelBgBorderRadius !== undefined ? { labelBgBorderRadius } : {})}
      {...(markerEnd ? { markerEnd } : {})}
      {...(style ? { style } : {})}
      {...(interactionWidth !== undefined ? { interactionWidth } : {})}
    />
  );
});
