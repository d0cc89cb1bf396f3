import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

type State = { error: Error | null };

/**
 * One broken node (a step shape nobody foresaw) draws as a small error box instead of taking the
 * whole canvas down with it.
 */
class NodeErrorBoundary extends Component<{ nodeId: string; children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`planvas: node ${this.props.nodeId} failed to render`, error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <div className="pv-node pv-node--broken" data-status="idle" role="alert">
          <strong>{this.props.nodeId}</strong>
          <span>cannot be drawn: {this.state.error.message}</span>
        </div>
      );
    }
    return this.props.children;
  }
}

export function withNodeErrorBoundary<P extends { id: string }>(Node: ComponentType<P>): ComponentType<P> {
  function GuardedNode(props: P) {
    return (
      <NodeErrorBoundary nodeId={props.id}>
        <Node {...props} />
      </NodeErrorBoundary>
    );
  }
  GuardedNode.displayName = `Guarded(${Node.displayName ?? Node.name})`;
  return GuardedNode;
}
