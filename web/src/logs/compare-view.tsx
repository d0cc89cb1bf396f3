import { useEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { PlanvasEvent, RunSummary } from '@planvas/shared';
import { useRunStore } from '../runs/use-run-store';
import { formatRunStart, shortRunId } from '../runs/run-format';
import { agentLabel, decisionOf, groupingFor, type LogGroup } from './log-model';

const NO_EVENTS: PlanvasEvent[] = [];

const ROW_HEIGHT = 32;

type Side = { key: string; label: string; group: LogGroup | undefined };
type CompareRow = { key: string; label: string; left: LogGroup | undefined; right: LogGroup | undefined };

/** One line per decision: action, agent and todo; what differs between two runs at a glance. */
export function groupSummary(group: LogGroup | undefined): string {
  if (!group) return '';
  const decisions = group.decisions.map((event) => {
    const d = decisionOf(event);
    const parts = [d?.next_action ?? '?'];
    const agent = agentLabel(d);
    if (agent) parts.push(`→ ${agent}`);
    const todo = d?.todo_title ?? d?.todo_id_to_execute;
    if (typeof todo === 'string' && todo) parts.push(`“${todo}”`);
    return parts.join(' ');
  });
  const items = group.items.length > 0 ? `${group.items.length} todo change${group.items.length === 1 ? '' : 's'}` : '';
  return [...decisions, items].filter(Boolean).join(' · ');
}

/** Rows of the side-by-side view: every iteration either run has, in order. */
export function compareRows(left: ReadonlyArray<LogGroup>, right: ReadonlyArray<LogGroup>): CompareRow[] {
  const byKey = new Map<string, { order: number; label: string; left?: LogGroup; right?: LogGroup }>();
  const add = (group: LogGroup, side: 'left' | 'right') => {
    const entry = byKey.get(group.key) ?? { order: group.iteration ?? 0, label: group.kind === 'planning' ? 'Planning' : `Iteration ${group.iteration}` };
    entry[side] = group;
    byKey.set(group.key, entry);
  };
  left.forEach((g) => add(g, 'left'));
  right.forEach((g) => add(g, 'right'));
  return [...byKey].sort((a, b) => a[1].order - b[1].order).map(([key, e]) => ({ key, label: e.label, left: e.left, right: e.right }));
}

export type CompareViewProps = {
  runId: string;
  events: ReadonlyArray<PlanvasEvent>;
  stepId: string | null;
  /** Runs to compare with (the others of the workflow). */
  candidates: ReadonlyArray<RunSummary>;
  /** Preselected run (the parent of a branched run, else the previous run). */
  initialOther?: string;
};

/** Two runs side by side, iteration by iteration. */
export function CompareView({ runId, events, stepId, candidates, initialOther }: CompareViewProps) {
  const [otherId, setOtherId] = useState(initialOther ?? candidates[0]?.id ?? '');
  const load = useRunStore((s) => s.loadOtherRunEvents);
  const other = useRunStore((s) => (otherId ? s.otherRunEvents[otherId] : undefined));
  useEffect(() => {
    if (otherId) void load(otherId);
  }, [otherId, load]);

  const rows = useMemo(() => {
    return compareRows(groupingFor(events, stepId).groups, groupingFor(other?.events ?? NO_EVENTS, stepId).groups);
  }, [events, other?.events, stepId]);

  const scrollRef = useRef<HTMLDivElement>(null);
  // One line per row (details in the tooltip): fixed-size rows need no measuring.
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });

  if (candidates.length === 0) return <p className="pv-muted pv-logs__empty">There is no other run of this workflow to compare with.</p>;
  return (
    <div className="pv-compare">
      <label className="pv-compare__pick">
        Compare with{' '}
        <select value={otherId} onChange={(e) => setOtherId(e.target.value)}>
          {candidates.map((r) => (
            <option key={r.id} value={r.id}>
              {formatRunStart(r.startedAt)} · {r.status} · {shortRunId(r.id)}
            </option>
          ))}
        </select>
      </label>
      <div className="pv-compare__head" role="row">
        <span role="columnheader">Iteration</span>
        <span role="columnheader">This run ({shortRunId(runId)})</span>
        <span role="columnheader">Other run ({shortRunId(otherId)})</span>
      </div>
      {other?.status === 'loading' ? <p className="pv-muted">Loading…</p> : null}
      <div ref={scrollRef} className="pv-compare__scroll" role="table" aria-label="Runs compared iteration by iteration" data-virtual-scroll="">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const sides: Side[] = [
              { key: 'left', label: 'this run', group: row.left },
              { key: 'right', label: 'other run', group: row.right },
            ];
            const left = groupSummary(row.left);
            const right = groupSummary(row.right);
            return (
              <div
                key={row.key}
                role="row"
                data-testid="compare-row"
                className={`pv-compare__row${left !== right ? ' is-different' : ''}`}
                style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              >
                <span role="cell">{row.label}</span>
                {sides.map((side) => {
                  const text = side.group ? groupSummary(side.group) || '—' : `not in ${side.label}`;
                  return (
                    <span role="cell" key={side.key} className={side.group ? '' : 'pv-muted'} title={text}>
                      {text}
                    </span>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
