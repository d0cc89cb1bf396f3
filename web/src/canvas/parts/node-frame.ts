import type { LucideIcon } from 'lucide-react';
import type { HandleSpec, Size } from '../../flow/handles';
import type { NodeStatus } from '../../flow/node-status';

/** What a node draws at every zoom: the full NodeShell and its CompactNode stand-in share it. */
export type NodeFrameProps = {
  kind: string;
  icon: LucideIcon;
  kindLabel: string;
  /** Shown alone (with the status) when the canvas draws compact nodes. */
  title: string;
  /** Step number; sub-agents show their Bot icon instead. */
  number?: string | undefined;
  size: Size;
  handles: readonly HandleSpec[];
  status?: NodeStatus | undefined;
  /** Said after the status in its title ("carried over from run …"). */
  statusNote?: string | undefined;
};

/**
 * The root element's attributes, the same whether the node is drawn full or compact, so tests and
 * tools find a step by `data-kind` / `data-status` at any zoom.
 */
export function nodeRootAttributes(frame: Pick<NodeFrameProps, 'kind' | 'status' | 'size'>, compact: boolean) {
  return {
    'data-status': frame.status ?? 'idle',
    'data-kind': frame.kind,
    'data-step-kind': frame.kind,
    'data-compact': compact ? 'true' : 'false',
    style: { width: frame.size.width, height: frame.size.height },
  };
}
