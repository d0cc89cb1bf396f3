import { useEffect, useState } from 'react';
import type { AppStore } from '../store/app-store';
import { useAppStoreApi } from '../store/store-context';
import { browserNotificationApi, browserPreferenceStorage, showDesktopNotification, type DesktopNotifierDeps } from './desktop-notifications';
import { noticeAction } from './notice-actions';
import { DESKTOP_KINDS, noticeText } from './notice-text';
import { browserAttention } from './page-attention';
import { RunWatch, type RunNotice } from './run-notices';
import { runsViewChanges, runsViewOf } from './runs-view';

export type RunNotificationDeps = Partial<DesktopNotifierDeps>;

/** Toasts and desktop notifications for the notices of one store; `onUnseenFailure` hears of failures nobody was looking at. */
export function followRunNotices(store: AppStore, deps: DesktopNotifierDeps, onUnseenFailure: () => void): () => void {
  const watch = new RunWatch();
  // A waiting run's toast stays until its question is answered or the run goes on; one per run, a newer question replacing it.
  const questionToasts = new Map<string, number>();
  const dropQuestionToast = (runId: string) => {
    const id = questionToasts.get(runId);
    if (id === undefined) return;
    questionToasts.delete(runId);
    store.getState().dismissToast(id);
  };

  const tell = (notice: RunNotice) => {
    if (notice.kind !== 'started') dropQuestionToast(notice.run.id);
    const text = noticeText(notice);
    if (!text) return;
    const action = noticeAction(store, notice);
    const waiting = notice.kind === 'waiting';
    const id = store.getState().toast({ tone: text.tone, message: text.message, ...(action ? { action } : {}), ...(waiting ? { sticky: true } : {}) });
    if (waiting) questionToasts.set(notice.run.id, id);
    if (notice.kind === 'failed' && !deps.attention.attended()) onUnseenFailure();
    if (DESKTOP_KINDS.has(notice.kind)) {
      showDesktopNotification({ title: text.title, body: text.body, tag: `planvas-run-${notice.run.id}`, ...(action ? { onClick: action.run } : {}) }, deps);
    }
  };

  const observe = (withList: boolean) => watch.observe(runsViewOf(store.getState(), withList)).forEach(tell);
  observe(true);
  return store.subscribe((state, previous) => {
    const changed = runsViewChanges(state, previous);
    if (changed.list || changed.followed) observe(changed.list);
  });
}

/**
 * Tells the user about runs as they change (run-notices.ts): a toast per change, a desktop
 * notification for the ones that matter while the page is out of sight, and whether a run failed
 * while nobody looked (the tab title's badge). That failure counts as seen once the page is in
 * front of the user again: the failed run's toast and its red node are then on the screen.
 */
export function useRunNotifications(deps: RunNotificationDeps = {}): { unseenFailure: boolean } {
  const store = useAppStoreApi();
  const [unseenFailure, setUnseenFailure] = useState(false);
  const { api, storage, attention } = deps;
  useEffect(() => {
    const resolved: DesktopNotifierDeps = {
      api: api === undefined ? browserNotificationApi() : api,
      storage: storage === undefined ? browserPreferenceStorage() : storage,
      attention: attention ?? browserAttention,
    };
    const stopNotices = followRunNotices(store, resolved, () => setUnseenFailure(true));
    const stopAttention = resolved.attention.onAttended(() => setUnseenFailure(false));
    return () => {
      stopNotices();
      stopAttention();
    };
  }, [store, api, storage, attention]);
  return { unseenFailure };
}
