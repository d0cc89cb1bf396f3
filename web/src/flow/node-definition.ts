import type { LucideIcon } from 'lucide-react';
import type { LayoutDirection } from '@planvas/shared';
import type { HandleSpec, Size } from './handles';
import type { DataOfKind, NodeKind } from './node-data';

/**
 * One entry of the step-kind registry: everything the canvas and the layout need to know about a
 * kind apart from its component. Sizes are fixed per kind and content (not measured), so the
 * layout can start before anything renders and gives the same result in node and in the browser.
 */
export type NodeDefinition<K extends NodeKind> = {
  kind: K;
  /** Shown in the node header and the legend. */
  label: string;
  icon: LucideIcon;
  size(data: DataOfKind<K>, direction: LayoutDirection): Size;
  /** Every handle with an explicit id, on the side the direction puts it. */
  handles(data: DataOfKind<K>, direction: LayoutDirection): HandleSpec[];
};
