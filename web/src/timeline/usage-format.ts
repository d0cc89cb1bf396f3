import type { UsageTotals } from '@planvas/shared';

const tokenFormat = new Intl.NumberFormat('en-US');

/** `12,345`, prefixed with `~` when the counts are simulated (derived from text sizes, not a model's). */
export const formatTokens = (n: number, simulated = false) => `${simulated ? '~' : ''}${tokenFormat.format(n)}`;

/** US dollars with enough digits for a cent's fraction: `$0.0042`, `$1.27`; `~$…` when priced from simulated counts. */
export function formatUsd(usd: number, simulated = false): string {
  const prefix = simulated ? '~$' : '$';
  if (usd === 0) return `${prefix}0`;
  if (usd < 0.1) return `${prefix}${usd.toPrecision(2)}`;
  return `${prefix}${usd.toFixed(2)}`;
}

export const SIMULATED_HINT = 'Simulated: the scripted provider derives these counts from text sizes (about 4 characters a token); no model produced them.';

/** Whether any call of these totals is simulated. */
export const isSimulated = (totals: Pick<UsageTotals, 'simulatedCalls'> | null | undefined) => (totals?.simulatedCalls ?? 0) > 0;
