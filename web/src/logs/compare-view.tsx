import { useEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { PlanvasEvent, RunSummary } from '@planvas/shared';
import { useRunStore } from '../runs/use-run-store';
import { useRunRef } from '../runs/run-format';
import { runLabel, runRef } from '../store/run-events/run-labels';
import { AlignedTodoTable } from './compare/aligned-todo-table';
import { inheritedAt } from './lineage';
import { agentLabel, decisionOf, groupingFor, type LogGroup } from './log-model';

const NO_EVENTS: PlanvasEvent[] = [];

const ROW_HEIGHT = 32;

type Side = { key: string; label: string; group: LogGroup | undefined; run: RunSummary | undefined };
/** `order`: the iteration, 0 for planning. */
type CompareRow = { key: string; label: string; order: number; left: LogGroup | undefined; right: LogGroup | undefined };

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
  return [...byKey].sort((a, b) => a[1].order - b[1].order).map(([key, e]) => ({ key, label: e.label, order: e.order, left: e.left, right: e.right }));
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

/** What a side shows for a row: its decisions, or where the row's iteration ran when the run inherited it, or that it has none. */
type Cell = { text: string; title: string; inheritedFrom?: string };

function cellOf(side: Side, row: CompareRow, stepId: string | null, runs: ReadonlyArray<RunSummary>): Cell {
  const own = side.group ? groupSummary(side.group) : '';
  if (own) return { text: own, title: own };
  const inherited = inheritedAt(side.run, stepId, row.order);
  if (inherited) {
    const ref = runRef(inherited.runId, runs);
    return { text: `from ${ref}`, title: `${row.label} ran in ${ref}; ${side.label} continued from there`, inheritedFrom: inherited.runId };
  }
  const text = side.group ? '—' : `not in ${side.label}`;
  return { text, title: text };
}

/**
 * Two runs side by side, iteration by iteration. A branched run's iterations up to its branch
 * point ran in its parent: they read "from #4", and count as the same as the parent's.
 */
export function CompareView({ runId, events, stepId, candidates, initialOther }: CompareViewProps) {
  const [otherId, setOtherId] = useState(initialOther ?? candidates[0]?.id ?? '');
  const [alignment, setAlignment] = useState<'iteration' | 'todo'>('iteration');
  const runs = useRunStore((s) => s.runs);
  const thisRun = useRunStore((s) => s.runs.find((r) => r.id === runId) ?? (s.followedRun?.id === runId ? s.followedRun : undefined));
  const otherRun = candidates.find((r) => r.id === otherId);
  const thisRef = useRunRef(runId);
  const otherRef = useRunRef(otherId || null);
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
              {runLabel(r, runs)} · {r.status.replace('_', ' ')}
            </option>
          ))}
        </select>
      </label>
      <label className="pv-compare__pick">
        Line up by{' '}
        <select value={alignment} onChange={(e) => setAlignment(e.target.value as 'iteration' | 'todo')} data-testid="compare-align">
          <option value="iteration">iteration</option>
          <option value="todo">todo (title and route)</option>
        </select>
      </label>
      {alignment === 'todo' ? (
        <AlignedTodoTable
          events={events}
          otherEvents={other?.events ?? NO_EVENTS}
          stepId={stepId}
          thisRun={thisRun}
          otherRun={otherRun}
          thisRef={thisRef ?? 'this run'}
          otherRef={otherRef ?? 'other run'}
        />
      ) : null}
      {alignment === 'iteration' ? (
        <>
          <div className="pv-compare__head" role="row">
            <span role="columnheader">Iteration</span>
            <span role="columnheader">This run ({thisRef})</span>
            <span role="columnheader">Other run ({otherRef})</span>
          </div>
          {other?.status === 'loading' ? <p className="pv-muted">Loading…</p> : null}
          <div ref={scrollRef} className="pv-compare__scroll" role="table" aria-label="Runs compared iteration by iteration" data-virtual-scroll="">
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => {
                const row = rows[item.index];
                if (!row) return null;
                const sides: Side[] = [
                  { key: 'left', label: 'this run', group: row.left, run: thisRun },
                  { key: 'right', label: 'other run', group: row.right, run: otherRun },
                ];
                const [left, right] = sides.map((side) => cellOf(side, row, stepId, runs));
                // An iteration one run inherited from the other is the same iteration.
                const same = left!.text === right!.text || left!.inheritedFrom === otherId || right!.inheritedFrom === runId;
                return (
                  <div
                    key={row.key}
                    role="row"
                    data-testid="compare-row"
                    data-row={row.key}
                    className={`pv-compare__row${same ? '' : ' is-different'}`}
                    style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                  >
                    <span role="cell" title={row.label}>
                      {row.label}
                    </span>
                    {[left!, right!].map((cell, index) => (
                      <span role="cell" key={sides[index]!.key} className={cell.inheritedFrom || !sides[index]!.group ? 'pv-muted' : ''} title={cell.title}>
                        {cell.text}
                      </span>
                    ))}
                  </div>
                );
              })}
            </div>
          </div>
        </>
      ) : null}
    </div>
  );
}
