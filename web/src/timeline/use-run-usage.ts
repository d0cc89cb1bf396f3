import { useEffect, useRef, useState } from 'react';
import type { RunUsage } from '@planvas/shared';
import type { UsageApi } from '../api/usage-api';

/** How often a live run's usage is asked again at most: every event would flood the server. */
const LIVE_REFRESH_MS = 1500;

export type UsageState = { usage: RunUsage | null; error: string | null };

/** The run's usage from the API, asked again (at most every 1.5 s) while its events grow, and when `refreshKey` changes (new prices). */
export function useRunUsage(api: UsageApi, runId: string | null, lastSeq: number, refreshKey?: unknown): UsageState {
  const [state, setState] = useState<UsageState>({ usage: null, error: null });
  const lastAsked = useRef(0);
  useEffect(() => setState({ usage: null, error: null }), [runId]);
  useEffect(() => {
    if (!runId) return;
    const controller = new AbortController();
    const wait = Math.max(0, lastAsked.current + LIVE_REFRESH_MS - Date.now());
    const timer = setTimeout(() => {
      lastAsked.current = Date.now();
      api.getUsage(runId, controller.signal).then(
        (usage) => setState({ usage, error: null }),
        (error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          setState((s) => ({ usage: s.usage, error: error instanceof Error ? error.message : String(error) }));
        },
      );
    }, wait);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, runId, lastSeq, refreshKey]);
  return state;
}
