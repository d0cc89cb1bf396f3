import { memo, useEffect, useMemo, useRef } from 'react';
import { Panel, useStore, useStoreApi, type ReactFlowState } from '@xyflow/react';
import { XYMinimap, type XYMinimapInstance } from '@xyflow/system';
import { shallow } from 'zustand/shallow';
import type { CanvasNode } from '../flow/node-data';

type Box = { x: number; y: number; width: number; height: number };

/** Room around the drawing, in minimap pixels (React Flow's MiniMap default `offsetScale`). */
const OFFSET_SCALE = 5;

/**
 * Every node as a box in its kind's colour (`--pv-minimap-<type>`), drawn as ONE path per kind.
 * React Flow's own MiniMap draws an element per node, each a component with its own store
 * subscription: for a 1,000-step plan (1,752 nodes) its first render alone was measured at
 * ~350 ms of main thread, and every pan frame re-read all of them.
 */
export function minimapPaths(nodes: readonly CanvasNode[]): { bounds: Box | null; paths: Array<{ type: string; d: string }> } {
  const byType = new Map<string, string[]>();
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const node of nodes) {
    if (node.hidden) continue;
    const { x, y } = node.position;
    const width = node.measured?.width ?? node.width ?? 0;
    const height = node.measured?.height ?? node.height ?? 0;
    const type = node.type ?? 'default';
    let parts = byType.get(type);
    if (!parts) byType.set(type, (parts = []));
    parts.push(`M${Math.round(x)},${Math.round(y)}h${Math.round(width)}v${Math.round(height)}h${-Math.round(width)}z`);
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x + width);
    maxY = Math.max(maxY, y + height);
  }
  const bounds = minX === Infinity ? null : { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
  return { bounds, paths: [...byType].map(([type, parts]) => ({ type, d: parts.join('') })) };
}

const colour = (type: string) => `var(--pv-minimap-${type}, var(--pv-minimap-default))`;

const viewSelector = (s: ReactFlowState) => ({
  tx: s.transform[0],
  ty: s.transform[1],
  zoom: s.transform[2],
  width: s.width,
  height: s.height,
  panZoom: s.panZoom,
  translateExtent: s.translateExtent,
});

function union(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

/**
 * The canvas minimap: the plan's boxes and the part in view, pannable and zoomable like React
 * Flow's MiniMap (the same XYMinimap behaviour, the same classes and test id), drawn cheaply
 * enough for plans of thousands of steps (see minimapPaths).
 */
export const PlanMiniMap = memo(function PlanMiniMap({ nodes, size }: { nodes: readonly CanvasNode[]; size: { width: number; height: number } }) {
  const store = useStoreApi<CanvasNode>();
  const svg = useRef<SVGSVGElement>(null);
  const { tx, ty, zoom, width: flowWidth, height: flowHeight, panZoom, translateExtent } = useStore(viewSelector, shallow);
  const { bounds, paths } = useMemo(() => minimapPaths(nodes), [nodes]);

  const view: Box = { x: -tx / zoom, y: -ty / zoom, width: flowWidth / zoom, height: flowHeight / zoom };
  const shown = bounds ? union(bounds, view) : view;
  const viewScale = Math.max(shown.width / size.width, shown.height / size.height) || 1;
  const viewWidth = viewScale * size.width;
  const viewHeight = viewScale * size.height;
  const offset = OFFSET_SCALE * viewScale;
  const x = shown.x - (viewWidth - shown.width) / 2 - offset;
  const y = shown.y - (viewHeight - shown.height) / 2 - offset;
  const width = viewWidth + offset * 2;
  const height = viewHeight + offset * 2;

  const viewScaleRef = useRef(viewScale);
  viewScaleRef.current = viewScale;
  const minimap = useRef<XYMinimapInstance | null>(null);
  useEffect(() => {
    if (!svg.current || !panZoom) return;
    const instance = XYMinimap({ domNode: svg.current, panZoom, getTransform: () => store.getState().transform, getViewScale: () => viewScaleRef.current });
    minimap.current = instance;
    return () => {
      instance.destroy();
      minimap.current = null;
    };
  }, [panZoom, store]);
  useEffect(() => {
    minimap.current?.update({ translateExtent, width: flowWidth, height: flowHeight, pannable: true, zoomable: true, zoomStep: 1 });
  }, [translateExtent, flowWidth, flowHeight, panZoom]);

  return (
    <Panel position="bottom-right" className="react-flow__minimap pv-minimap" style={size} data-testid="rf__minimap">
      <svg
        ref={svg}
        width={size.width}
        height={size.height}
        viewBox={`${x} ${y} ${width} ${height}`}
        className="react-flow__minimap-svg"
        role="img"
        aria-label="Mini map of the plan"
      >
        {paths.map((p) => (
          // The outline, 2 screen pixels whatever the scale, keeps every box visible: a 1,000-step
          // plan laid out left to right is ~400 times longer than high, and its boxes would
          // shrink below a pixel.
          <path
            key={p.type}
            className="pv-minimap__nodes"
            data-kind={p.type}
            d={p.d}
            style={{ fill: colour(p.type), stroke: colour(p.type), strokeWidth: 2 }}
            vectorEffect="non-scaling-stroke"
          />
        ))}
        <path
          className="react-flow__minimap-mask"
          d={`M${x - offset},${y - offset}h${width + offset * 2}v${height + offset * 2}h${-width - offset * 2}z M${view.x},${view.y}h${view.width}v${view.height}h${-view.width}z`}
          fillRule="evenodd"
          pointerEvents="none"
          // React Flow's stylesheet sets the mask's stroke width; in screen pixels here, like the boxes'.
          style={{ strokeWidth: 1.5 }}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
    </Panel>
  );
});
