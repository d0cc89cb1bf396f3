import type { BarUsage } from './bar-usage';
import type { TimelineBar } from './timeline-bars';
import { formatDuration } from './time-view';
import { formatTokens, formatUsd } from './usage-format';

const KIND_NAMES: Record<TimelineBar['kind'], string> = {
  step: 'Step',
  iteration: 'Orchestrator iteration',
  delegation: 'Delegation',
  wait: 'Waiting for a human',
  pause: 'Run paused',
};

export interface BarDescription {
  title: string;
  kind: string;
  status: string;
  /** `+1.2 s` from the run's start. */
  at: string;
  duration: string;
  tokens: string | null;
  cost: string | null;
  simulated: boolean;
  detail: string | null;
}

/** What a bar's tooltip says, and (as one sentence) what a screen reader hears for it. */
export function describeBar(bar: TimelineBar, usage: BarUsage | null, origin: number): BarDescription {
  const simulated = (usage?.simulatedCalls ?? 0) > 0;
  const status = bar.open ? (bar.kind === 'wait' ? 'waiting' : bar.kind === 'pause' ? 'paused' : 'running') : bar.status;
  return {
    title: bar.label,
    kind: KIND_NAMES[bar.kind],
    status,
    at: `+${formatDuration(bar.start - origin)}`,
    duration: `${formatDuration(bar.end - bar.start)}${bar.open ? ' so far' : ''}`,
    tokens:
      usage && usage.calls > 0
        ? `${formatTokens(usage.inputTokens, simulated)} in · ${formatTokens(usage.outputTokens, simulated)} out · ${usage.calls} call${usage.calls === 1 ? '' : 's'}`
        : null,
    cost: usage && usage.calls > 0 ? (usage.costUsd !== undefined ? formatUsd(usage.costUsd, simulated) : 'not priced') : null,
    simulated,
    detail: bar.detail ?? null,
  };
}

export function describeBarText(d: BarDescription): string {
  return [
    `${d.kind}: ${d.title}`,
    d.status,
    `started ${d.at}`,
    `took ${d.duration}`,
    d.tokens ? `tokens ${d.tokens}${d.simulated ? ' (simulated)' : ''}` : null,
    d.cost ? `cost ${d.cost}` : null,
    d.detail,
  ]
    .filter(Boolean)
    .join(', ');
}
