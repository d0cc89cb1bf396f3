import type { ReactNode } from 'react';

export type Choice = { value: string; label: string };

/**
 * A labelled select over `choices`. A value that is none of them (a route since removed from the
 * plan, a status a runtime added) is still shown as itself, so the select never lies about it.
 */
export function ChoiceSelect({
  label,
  value,
  choices,
  onChange,
  testId,
}: {
  label: ReactNode;
  value: string;
  choices: ReadonlyArray<Choice>;
  onChange(value: string): void;
  testId?: string;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {choices.some((c) => c.value === value) ? null : <option value={value}>{value}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}
