import type { LayoutDirection } from '@planvas/shared';

/** ELK's names for the sides of a node. */
export type PortSide = 'NORTH' | 'EAST' | 'SOUTH' | 'WEST';

export type LayoutPort = {
  /** The handle id, unique within its node. */
  id: string;
  side: PortSide;
  /** Position of the port's centre relative to the node's top-left corner. */
  x: number;
  y: number;
};

/** What the layout needs of a node: its fixed size and where its handles are. Plain JSON (crosses to the worker). */
export type LayoutNode = { id: string; width: number; height: number; ports: LayoutPort[] };

export type LayoutEdge = {
  id: string;
  source: string;
  sourceHandle: string;
  target: string;
  targetHandle: string;
  /** The main line of the flow: the layout tries harder to keep it straight. */
  straight?: boolean;
  /** From a parent's route to its sub-agent: placed beside the parent, not by ELK (fans.ts). */
  fan?: boolean;
};

export type XY = { x: number; y: number };
/** Top-left corner of every node, by node id: the only thing a layout returns. */
export type Positions = Record<string, XY>;

export type LayoutRequest = { nodes: LayoutNode[]; edges: LayoutEdge[]; direction: LayoutDirection };
