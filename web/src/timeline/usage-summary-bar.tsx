import type { UsageTotals } from '@planvas/shared';
import { formatTokens, formatUsd, isSimulated, SIMULATED_HINT } from './usage-format';

/**
 * The run's totals above its timeline: tokens in and out, the cost (or where to set prices), and
 * a "simulated" chip when the scripted provider made the counts up from text sizes.
 */
export function UsageSummaryBar({ total, error, onOpenSettings }: { total: UsageTotals | null; error: string | null; onOpenSettings: () => void }) {
  if (!total) {
    return (
      <div className="pv-usage-summary" data-testid="usage-summary" aria-live="polite">
        <span className="pv-muted">{error ? `Usage not available: ${error}` : 'Loading usage…'}</span>
      </div>
    );
  }
  const simulated = isSimulated(total);
  return (
    <div className="pv-usage-summary" data-testid="usage-summary" data-input={total.inputTokens} data-output={total.outputTokens} data-simulated={simulated}>
      <span>
        <span className="pv-usage-summary__label">Tokens</span>{' '}
        <strong data-testid="usage-total-tokens">
          {formatTokens(total.inputTokens, simulated)} in · {formatTokens(total.outputTokens, simulated)} out
        </strong>
        <span className="pv-muted">
          {' '}
          · {total.calls} model call{total.calls === 1 ? '' : 's'}
        </span>
      </span>
      {simulated ? (
        <span className="pv-chip pv-chip--simulated" title={SIMULATED_HINT} data-testid="usage-simulated">
          simulated
          <span className="pv-visually-hidden">: {SIMULATED_HINT}</span>
        </span>
      ) : null}
      <span data-testid="usage-cost">
        <span className="pv-usage-summary__label">Cost</span>{' '}
        {total.costUsd !== undefined ? (
          <strong>
            {formatUsd(total.costUsd, simulated)}
            {total.unpricedCalls > 0 ? <span className="pv-muted"> ({total.unpricedCalls} calls without a price)</span> : null}
          </strong>
        ) : total.calls === 0 ? (
          <span className="pv-muted">no model calls</span>
        ) : (
          <>
            <span className="pv-muted">no prices set — </span>
            <button type="button" className="pv-link-button" onClick={onOpenSettings}>
              add them in Settings
            </button>
          </>
        )}
      </span>
    </div>
  );
}
