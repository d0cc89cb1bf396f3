import { memo, useMemo } from 'react';
import { BaseEdge, getSmoothStepPath, Position, useStore, type EdgeProps, type Node, type ReactFlowState } from '@xyflow/react';
import type { CanvasEdge } from '../../flow/edge-data';
import { useEdgeLabel } from './edge-label';

const nodesOf = (s: ReactFlowState) => s.nodes;

/** An edge's two ends as drawn: node ids, handle points and the sides the handles sit on. */
export type EdgeEnds = {
  source: string;
  target: string;
  from: { x: number; y: number };
  to: { x: number; y: number };
  sourcePosition: Position;
  targetPosition: Position;
};

/**
 * How a kind of step edge runs: `lane` places the x of its vertical segment or the y of its
 * horizontal one (`axis` says which) from the nodes on the canvas; undefined leaves React Flow's
 * own, halfway between the ends.
 */
export type LaneRule = {
  lane(nodes: readonly Node[], ends: EdgeEnds, direction: 'LR' | 'TB'): number | undefined;
  axis(direction: 'LR' | 'TB'): 'centerX' | 'centerY';
  borderRadius: number;
  /** How far the path runs straight out of a handle before its first turn. */
  offset: number;
};

/**
 * A step edge (React Flow's smoothstep path) with its lane placed by `rule`. The lane is
 * recomputed when nodes change (a layout, a drag), not while panning.
 */
export function laneStepEdge(rule: LaneRule) {
  return memo(function LaneStepEdge(props: EdgeProps<CanvasEdge>) {
    const {
      source,
      target,
      sourceX,
      sourceY,
      targetX,
      targetY,
      sourcePosition,
      targetPosition,
      markerEnd,
      style,
      label,
      labelStyle,
      labelShowBg,
      labelBgStyle,
      labelBgPadding,
      labelBgBorderRadius,
      interactionWidth,
    } = props;
    const nodes = useStore(nodesOf);
    const shownLabel = useEdgeLabel(label);
    const direction = sourcePosition === Position.Bottom || sourcePosition === Position.Top ? 'TB' : 'LR';
    const at = useMemo(
      () => rule.lane(nodes, { source, target, from: { x: sourceX, y: sourceY }, to: { x: targetX, y: targetY }, sourcePosition, targetPosition }, direction),
      [nodes, source, target, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, direction],
    );
    const lane = at === undefined ? {} : { [rule.axis(direction)]: at };
    const [path, labelX, labelY] = getSmoothStepPath({
      sourceX,
      sourceY,
      sourcePosition,
      targetX,
      targetY,
      targetPosition,
      borderRadius: rule.borderRadius,
      offset: rule.offset,
      ...lane,
    });
    return (
      <BaseEdge
        path={path}
        labelX={labelX}
        labelY={labelY}
        {...(shownLabel !== undefined ? { label: shownLabel } : {})}
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
}
