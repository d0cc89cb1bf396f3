import type { ToastTone } from '../store/state/ui';
import type { RunNotice } from './run-notices';

/** What a notice says: in a toast (`message`, `tone`), and on the desktop (`title`, `body`). */
export type NoticeText = { tone: ToastTone; message: string; title: string; body: string };

/** A long question or reason is cut for a toast; the run panel and the logs have it whole. */
export function clip(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The text of a notice; null for `resumed`, which is told by its waiting toast going away. */
export function noticeText({ kind, run }: RunNotice): NoticeText | null {
  const name = `Run ${run.ref}`;
  const workflow = run.workflowId;
  switch (kind) {
    case 'started':
      return { tone: 'info', message: `${name} started`, title: `${name} started`, body: workflow };
    case 'waiting': {
      const question = run.question ? clip(run.question.question) : null;
      return {
        tone: 'attention',
        message: question ? `${name} is waiting for your answer: ${question}` : `${name} is waiting for your answer`,
        title: `${name} is waiting for your answer`,
        body: question ? `${question}\n${workflow}` : workflow,
      };
    }
    case 'completed':
      return { tone: 'success', message: `${name} completed`, title: `${name} completed`, body: workflow };
    case 'failed': {
      const reason = run.reason ? clip(run.reason) : null;
      return {
        tone: 'error',
        message: reason ? `${name} failed: ${reason}` : `${name} failed`,
        title: `${name} failed`,
        body: reason ? `${reason}\n${workflow}` : workflow,
      };
    }
    case 'cancelled': {
      const reason = run.reason ? clip(run.reason) : null;
      return { tone: 'info', message: reason ? `${name} was cancelled: ${reason}` : `${name} was cancelled`, title: `${name} was cancelled`, body: workflow };
    }
    case 'resumed':
      return null;
  }
}

/** The notices worth a desktop notification: the ones a user away from the tab waits for. */
export const DESKTOP_KINDS: ReadonlySet<RunNotice['kind']> = new Set(['waiting', 'completed', 'failed']);
