import { Fragment, useMemo, useState } from 'react';
import type { PlanvasEvent, RunSummary } from '@planvas/shared';
import { alignByTodo, todoWorkOf, type AlignedTodo, type TodoWork } from './todo-alignment';
import { wordDiff } from './word-diff';

type Props = {
  events: ReadonlyArray<PlanvasEvent>;
  otherEvents: ReadonlyArray<PlanvasEvent>;
  stepId: string | null;
  thisRun: RunSummary | undefined;
  otherRun: RunSummary | undefined;
  thisRef: string;
  otherRef: string;
};

/**
 * Two runs lined up by todo: where the route choice diverged, todos only one run had, result
 * changes and token / latency deltas. Compared with its parent (or a child), only what happened
 * after the branch point counts: before it the two runs are the same run.
 */
export function AlignedTodoTable({ events, otherEvents, stepId, thisRun, otherRun, thisRef, otherRef }: Props) {
  const branchPoint = (run: RunSummary | undefined, parentId: string | undefined) => (run?.parent && run.parent.runId === parentId ? run.parent.iteration : 0);
  const lines = useMemo(() => {
    const afterThis = branchPoint(otherRun, thisRun?.id);
    const afterOther = branchPoint(thisRun, otherRun?.id);
    return alignByTodo(todoWorkOf(events, stepId, afterThis), todoWorkOf(otherEvents, stepId, afterOther));
  }, [events, otherEvents, stepId, thisRun, otherRun]);
  const since = branchPoint(thisRun, otherRun?.id) || branchPoint(otherRun, thisRun?.id);
  const [open, setOpen] = useState<string | null>(null);
  const diverged = lines.filter((l) => l.routeDiverged).length;
  const onlyOne = lines.filter((l) => !l.left || !l.right).length;
  return (
    <div className="pv-compare__aligned" data-testid="compare-by-todo">
      <p className="pv-muted">
        {since > 0 ? `After the branch point (iteration ${since}): ` : ''}
        {lines.length} todo{lines.length === 1 ? '' : 's'} · {diverged} with another route · {onlyOne} in one run only
      </p>
      <table className="pv-compare__table">
        <thead>
          <tr>
            <th scope="col">Todo</th>
            <th scope="col">This run ({thisRef})</th>
            <th scope="col">Other run ({otherRef})</th>
            <th scope="col" title="The other run's tokens for the todo minus this run's">
              Δ tokens (other − this)
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <Fragment key={line.key}>
              <tr data-testid="aligned-todo" data-diverged={line.routeDiverged} className={difference(line) ? 'is-different' : ''}>
                <th scope="row" title={line.title}>
                  {line.resultChanged ? (
                    <button
                      type="button"
                      className="pv-link-button"
                      aria-expanded={open === line.key}
                      onClick={() => setOpen(open === line.key ? null : line.key)}
                      title="Show how the results differ"
                    >
                      {line.title}
                    </button>
                  ) : (
                    line.title
                  )}
                </th>
                <WorkCell work={line.left} other={line.right} />
                <WorkCell work={line.right} other={line.left} />
                <td title={line.latencyDelta !== undefined ? `latency ${signed(line.latencyDelta)} ms` : undefined}>
                  {line.tokenDelta !== undefined ? signed(line.tokenDelta) : '—'}
                  {line.left?.simulated || line.right?.simulated ? (
                    <span className="pv-muted" title="Token counts no model produced: the scripted provider derives them from text sizes">
                      {' '}
                      (simulated)
                    </span>
                  ) : null}
                </td>
              </tr>
              {open === line.key ? (
                <tr className="pv-compare__result-diff">
                  <td colSpan={4} data-testid="result-diff">
                    {wordDiff(line.left?.result ?? '', line.right?.result ?? '').map((part, i) =>
                      part.kind === 'same' ? (
                        <span key={i}>{part.text}</span>
                      ) : part.kind === 'removed' ? (
                        <del key={i}>{part.text}</del>
                      ) : (
                        <ins key={i}>{part.text}</ins>
                      ),
                    )}
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function WorkCell({ work, other }: { work: TodoWork | undefined; other: TodoWork | undefined }) {
  if (!work) return <td className="pv-muted">not in this run</td>;
  const title = [`iteration ${work.iteration}`, work.result ? `result: ${work.result}` : 'no result', `${work.tokens} tokens`].join('\n');
  return (
    <td title={title}>
      <span className={other && other.route !== work.route ? 'pv-compare__diverged' : ''}>→ {work.route}</span>{' '}
      <span className="pv-muted">it. {work.iteration}</span>
      {other && (other.result ?? '') !== (work.result ?? '') ? <span className="pv-muted"> · other result</span> : null}
    </td>
  );
}

const difference = (line: AlignedTodo) => line.routeDiverged || line.resultChanged || !line.left || !line.right;
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
