import type { RunSummary } from '@planvas/shared';

/**
 * How runs are named wherever they are listed or referred to (the runs list, the logs popup, the
 * compare view, a node's "carried over from"): `#12 · 20:21 · scripted`, the run's number within
 * its workflow, its local start time and its provider. Ids (`20250612-091403-3f9a1c`) say none of
 * that to a person; they stay in tooltips.
 */

// The runs list is one array per load; numbering it once per array keeps every label lookup cheap.
const numberings = new WeakMap<ReadonlyArray<RunSummary>, ReadonlyMap<string, number>>();

/** Each run's number within its workflow: 1 for the first started (by start time, then id). */
export function runNumbers(runs: ReadonlyArray<RunSummary>): ReadonlyMap<string, number> {
  let numbers = numberings.get(runs);
  if (!numbers) {
    const ordered = [...runs].sort((a, b) => (Date.parse(a.startedAt) || 0) - (Date.parse(b.startedAt) || 0) || a.id.localeCompare(b.id));
    numbers = new Map(ordered.map((run, index) => [run.id, index + 1]));
    numberings.set(runs, numbers);
  }
  return numbers;
}

/** The last characters of an id: what names a run the list does not know (yet). */
export function shortRunId(id: string): string {
  return id.length > 12 ? id.slice(-8) : id;
}

/** `#12`, or the short id of a run the list does not hold. */
export function runRef(runId: string, runs: ReadonlyArray<RunSummary>): string {
  const number = runNumbers(runs).get(runId);
  return number === undefined ? shortRunId(runId) : `#${number}`;
}

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** Local start time: `20:21` today, `3 Jan 20:21` on another day. */
export function formatRunTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const time = date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (sameDay(date, now)) return time;
  return `${date.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })} ${time}`;
}

/** `#12 · 20:21 · scripted` (the short id instead of the number while the list does not hold the run). */
export function runLabel(run: RunSummary, runs: ReadonlyArray<RunSummary>, now?: Date): string {
  return `${runRef(run.id, runs)} · ${formatRunTime(run.startedAt, now)} · ${run.provider}`;
}
