import type { ReactNode } from 'react';
import { isDisplayId, type StepKind } from '@planvas/shared';
import type { NodeDefinition } from '../../flow/node-definition';
import type { StepDataOfKind } from '../../flow/node-data';
import { NodeShell } from './node-shell';
import { titleOf } from './text';
import { useNodeGeometry } from './use-node-geometry';

type Props<K extends StepKind> = {
  definition: NodeDefinition<K>;
  data: StepDataOfKind[K];
  /** Defaults to the definition's label. */
  kindLabel?: string;
  className?: string;
  headerExtra?: ReactNode;
  statusIconOnly?: boolean;
  children?: ReactNode;
};

/**
 * The shell of a step kind's node, filled from its definition and data: every step node has the
 * same header (kind, number, execution mode, status, problems) and handles, so a kind's component
 * only draws its own body. A step without an id (the oldest files) is drawn under its display id
 * and says so.
 */
export function StepNodeFrame<K extends StepKind>({ definition, data, kindLabel, className, headerExtra, statusIconOnly, children }: Props<K>) {
  const { size, handles } = useNodeGeometry(definition, data as never);
  const step = data.step as { id: string; title?: string | null };
  return (
    <NodeShell
      kind={definition.kind}
      icon={definition.icon}
      kindLabel={kindLabel ?? definition.label}
      title={titleOf(step)}
      number={data.number}
      size={size}
      handles={handles}
      status={data.status}
      statusNote={data.statusNote}
      problems={data.problems}
      executionMode={data.executionMode}
      {...(className ? { className } : {})}
      {...(statusIconOnly !== undefined ? { statusIconOnly } : {})}
      headerExtra={
        <>
          {isDisplayId(step.id) && (
            <span
              className="pv-chip pv-chip--warning"
              data-testid="display-id"
              title={`This step has no id in the file; planvas calls it ${step.id} (where it sits) and writes no id back`}
            >
              no id
            </span>
          )}
          {headerExtra}
        </>
      }
    >
      {children}
    </NodeShell>
  );
}
