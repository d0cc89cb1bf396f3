import { FileText, FolderOpen, History, Lightbulb, ScrollText, type LucideIcon } from 'lucide-react';
import type { WorkflowDeletionPreview } from '@planvas/shared';

/** `1 run`, `3 runs`, `no runs`. */
export function count(n: number, one: string, many = `${one}s`): string {
  return n === 0 ? `no ${many}` : `${n} ${n === 1 ? one : many}`;
}

/** Bytes as a person reads them: `812 B`, `14.2 KB`, `3.1 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

type Row = { icon: LucideIcon; text: string; detail?: string; none?: boolean; file?: boolean; testId: string };

function rowsOf(preview: WorkflowDeletionPreview): Row[] {
  const rows: Row[] = [{ icon: FileText, text: preview.files.plan, detail: 'the plan', file: true, testId: 'deletes-plan' }];
  if (preview.files.stepConfig)
    rows.push({ icon: FileText, text: preview.files.stepConfig, detail: 'step settings', file: true, testId: 'deletes-step-config' });
  rows.push(
    { icon: History, text: count(preview.runs, 'run'), detail: 'their folders and history', none: preview.runs === 0, testId: 'deletes-runs' },
    { icon: ScrollText, text: count(preview.logs, 'log file'), detail: 'under logs/', none: preview.logs === 0, testId: 'deletes-logs' },
    {
      icon: Lightbulb,
      text: count(preview.learnings, 'learnings folder'),
      detail: 'under learnings/',
      none: preview.learnings === 0,
      testId: 'deletes-learnings',
    },
  );
  if (preview.otherFiles > 0)
    rows.push({ icon: FolderOpen, text: count(preview.otherFiles, 'other file'), detail: 'anywhere else in the folder', testId: 'deletes-other' });
  return rows;
}

/** What deleting a workflow removes, one line per kind of thing, with the folder's size. */
export function DeletionSummary({ preview }: { preview: WorkflowDeletionPreview }) {
  return (
    <div className="pv-deletion" data-testid="deletion-summary">
      <ul className="pv-deletion__list" aria-label="What is deleted">
        {rowsOf(preview).map((row) => (
          <li key={row.testId} className={`pv-deletion__row${row.none ? ' is-none' : ''}${row.file ? ' is-file' : ''}`} data-testid={row.testId}>
            <row.icon size={14} aria-hidden className="pv-deletion__icon" />
            <span className="pv-deletion__text">{row.text}</span>
            {row.detail && <span className="pv-deletion__detail">{row.detail}</span>}
          </li>
        ))}
      </ul>
      <div className="pv-deletion__total" data-testid="deletes-bytes">
        {formatBytes(preview.bytes)} on disk in all
      </div>
    </div>
  );
}
