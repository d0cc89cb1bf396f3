import { Plus, Trash2 } from 'lucide-react';
import type { ErrorDetail, ModelPrice } from '@planvas/shared';
import './pricing-section.css';

export type PricingSectionProps = {
  value: ModelPrice[];
  onChange: (pricing: ModelPrice[]) => void;
  /** The last save's error details; those under `$.pricing[i]` show on row i. */
  details: readonly ErrorDetail[];
};

const TEXT_FIELDS = [
  ['provider', 'provider', 'openai'],
  ['model', 'model', 'gpt-4.1'],
] as const;

const NUMBER_FIELDS = [
  ['inputPerMTok', 'Input $/MTok'],
  ['outputPerMTok', 'Output $/MTok'],
  ['cacheReadPerMTok', 'Cached input $/MTok'],
] as const;

/** `$.pricing[2]` and `$.pricing[2].model` belong to row 2. */
export function rowErrors(details: readonly ErrorDetail[], row: number): ErrorDetail[] {
  const prefix = `$.pricing[${row}]`;
  return details.filter((d) => d.path === prefix || d.path.startsWith(`${prefix}.`) || d.path.startsWith(`${prefix}[`));
}

/**
 * Prices per provider and model, in US dollars per million tokens (docs/api.md "Usage and cost"):
 * what turns a run's token usage into cost. Saved with the other workspace settings.
 */
export function PricingSection({ value, onChange, details }: PricingSectionProps) {
  const set = (row: number, patch: Partial<ModelPrice>) => onChange(value.map((price, i) => (i === row ? withPatch(price, patch) : price)));
  return (
    <fieldset className="pv-pricing" data-testid="pricing-section">
      <legend>Pricing</legend>
      <p className="pv-muted pv-pricing__hint">
        US dollars per million tokens, one row per provider and model. Cached input is priced as input when left empty. Runs show their cost once their models
        have a price.
      </p>
      {value.length > 0 ? (
        <table className="pv-pricing__table">
          <thead>
            <tr>
              <th scope="col">Provider</th>
              <th scope="col">Model</th>
              {NUMBER_FIELDS.map(([, caption]) => (
                <th scope="col" key={caption}>
                  {caption}
                </th>
              ))}
              <th scope="col">
                <span className="pv-visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {value.map((price, row) => {
              const errors = rowErrors(details, row);
              const errorId = `pv-pricing-error-${row}`;
              const invalid = errors.length > 0;
              const rowName = `Price ${row + 1}`;
              return [
                <tr key={`row-${row}`} data-testid="pricing-row" data-invalid={invalid || undefined}>
                  {TEXT_FIELDS.map(([field, caption, placeholder]) => (
                    <td key={field}>
                      <input
                        className="pv-input"
                        aria-label={`${rowName} ${caption}`}
                        value={price[field]}
                        placeholder={placeholder}
                        aria-invalid={invalid || undefined}
                        aria-describedby={invalid ? errorId : undefined}
                        onChange={(e) => set(row, { [field]: e.target.value })}
                      />
                    </td>
                  ))}
                  {NUMBER_FIELDS.map(([field, caption]) => (
                    <td key={field}>
                      <input
                        className="pv-input pv-pricing__number"
                        type="number"
                        min={0}
                        step="any"
                        aria-label={`${rowName} ${caption}`}
                        value={price[field] ?? ''}
                        placeholder={field === 'cacheReadPerMTok' ? 'as input' : '0'}
                        aria-invalid={invalid || undefined}
                        aria-describedby={invalid ? errorId : undefined}
                        onChange={(e) => set(row, { [field]: e.target.value === '' ? undefined : Number(e.target.value) })}
                      />
                    </td>
                  ))}
                  <td>
                    <button
                      type="button"
                      className="pv-icon-button pv-icon-button--small pv-danger"
                      aria-label={`Remove ${rowName.toLowerCase()} (${price.provider || 'no provider'} ${price.model || 'no model'})`}
                      onClick={() => onChange(value.filter((_, i) => i !== row))}
                    >
                      <Trash2 size={13} aria-hidden />
                    </button>
                  </td>
                </tr>,
                invalid ? (
                  <tr key={`error-${row}`} className="pv-pricing__error-row">
                    <td colSpan={6} id={errorId} role="alert" data-testid="pricing-row-error">
                      {errors.map((e) => e.message).join('; ')}
                    </td>
                  </tr>
                ) : null,
              ];
            })}
          </tbody>
        </table>
      ) : (
        <p className="pv-muted">No prices yet: run costs are not shown.</p>
      )}
      <button type="button" className="pv-link" onClick={() => onChange([...value, { provider: '', model: '', inputPerMTok: 0, outputPerMTok: 0 }])}>
        <Plus size={12} aria-hidden /> Add price
      </button>
    </fieldset>
  );
}

/** Required prices left empty count as 0 while typing; an emptied cached price is removed (it falls back to the input price). */
function withPatch(price: ModelPrice, patch: Partial<ModelPrice>): ModelPrice {
  const next = { ...price, ...patch };
  if (next.inputPerMTok === undefined) next.inputPerMTok = 0;
  if (next.outputPerMTok === undefined) next.outputPerMTok = 0;
  if ('cacheReadPerMTok' in patch && patch.cacheReadPerMTok === undefined) delete next.cacheReadPerMTok;
  return next;
}
