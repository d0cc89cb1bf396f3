import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { ErrorDetail } from '@planvas/shared';
import { useAppStoreApi } from '../store/store-context';

/**
 * Form fields of the inspector. Text fields write through to the document on every keystroke (the
 * store coalesces a run of keystrokes into one undo step, sealed when the field loses focus);
 * fields whose intermediate values would be refused (ids, numbers) keep what the user types
 * locally and apply it on Enter or blur, showing why when it is refused.
 */
type Common = { label: string; hint?: string; testId?: string };

function useSealOnBlur() {
  const store = useAppStoreApi();
  return () => store.getState().sealHistory();
}

/**
 * What a commit-on-blur field holds while the user types: the text, and why the last commit was
 * refused. Both reset when the value shown changes (an undo, another tab's save).
 */
function useDraft(shown: string) {
  const id = useId();
  const [draft, setDraft] = useState(shown);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    setDraft(shown);
    setError(undefined);
  }, [shown]);
  return { id, draft, setDraft, error, setError };
}

/** What the input (or textarea) of a commit-on-blur field is given: the draft as typed, the commit on blur, whether it was refused. */
function draftControl({ id, draft, setDraft, error }: ReturnType<typeof useDraft>, commit: () => void, testId: string | undefined) {
  return {
    id,
    value: draft,
    onChange: (e: { target: { value: string } }) => setDraft(e.target.value),
    onBlur: commit,
    'aria-invalid': error ? true : undefined,
    'data-testid': testId,
  };
}

export function Field({
  label,
  htmlFor,
  hint,
  error,
  children,
}: {
  label: string;
  htmlFor: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={`pv-field${error ? ' has-error' : ''}`}>
      <label className="pv-field__label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {hint && !error && <div className="pv-field__hint">{hint}</div>}
      {error && (
        <div className="pv-field__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

export function TextField({
  label,
  value,
  onChange,
  multiline = false,
  placeholder,
  hint,
  testId,
}: Common & { value: string; onChange(value: string): void; multiline?: boolean; placeholder?: string }) {
  const id = useId();
  const seal = useSealOnBlur();
  const props = {
    id,
    value,
    placeholder,
    onBlur: seal,
    'data-testid': testId,
    className: 'pv-input',
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  return (
    <Field label={label} htmlFor={id} hint={hint}>
      {multiline ? <textarea {...props} rows={3} /> : <input type="text" {...props} />}
    </Field>
  );
}

/** A text field applied on Enter / blur; `onCommit` returns why a value was refused, if it was. */
export function CommitField({
  label,
  value,
  onCommit,
  hint,
  testId,
  mono = false,
}: Common & { value: string; onCommit(value: string): string | undefined; mono?: boolean }) {
  const field = useDraft(value);
  const { id, draft, setDraft, error, setError } = field;
  const commit = () => {
    if (draft === value) {
      setError(undefined);
      return;
    }
    setError(onCommit(draft));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') commit();
    if (e.key === 'Escape') {
      setDraft(value);
      setError(undefined);
    }
  };
  return (
    <Field label={label} htmlFor={id} hint={hint} error={error}>
      <input type="text" className={`pv-input${mono ? ' pv-input--mono' : ''}`} onKeyDown={onKeyDown} {...draftControl(field, commit, testId)} />
    </Field>
  );
}

/** A number field: empty removes the value; integers only when `integer`. */
export function NumberField({
  label,
  value,
  onCommit,
  integer = false,
  min,
  hint,
  testId,
}: Common & { value: number | null | undefined; onCommit(value: number | undefined): string | undefined; integer?: boolean; min?: number }) {
  const shown = value == null ? '' : String(value);
  const field = useDraft(shown);
  const { id, draft, error, setError } = field;
  const commit = () => {
    if (draft.trim() === shown) return setError(undefined);
    if (draft.trim() === '') return setError(onCommit(undefined));
    const n = Number(draft);
    if (!Number.isFinite(n)) return setError(`"${draft}" is not a number`);
    if (integer && !Number.isInteger(n)) return setError('a whole number is needed');
    if (min !== undefined && n < min) return setError(`at least ${min}`);
    setError(onCommit(n));
  };
  return (
    <Field label={label} htmlFor={id} hint={hint} error={error}>
      <input
        type="text"
        inputMode="numeric"
        className="pv-input pv-input--number"
        onKeyDown={(e) => e.key === 'Enter' && commit()}
        {...draftControl(field, commit, testId)}
      />
    </Field>
  );
}

export function CheckboxField({ label, checked, onChange, hint, testId }: Common & { checked: boolean; onChange(checked: boolean): void }) {
  const id = useId();
  return (
    <div className="pv-field pv-field--check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      <label htmlFor={id} className="pv-field__label">
        {label}
      </label>
      {hint && <div className="pv-field__hint">{hint}</div>}
    </div>
  );
}

export type SelectOption = { value: string; label: string; disabled?: boolean };

export function SelectField({
  label,
  value,
  options,
  onChange,
  hint,
  testId,
}: Common & { value: string; options: readonly SelectOption[]; onChange(value: string): void }) {
  const id = useId();
  return (
    <Field label={label} htmlFor={id} hint={hint}>
      <select id={id} className="pv-input pv-select" value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** One text per line: context dependencies, human_input options. Applied on blur (an empty line is not an option). */
export function LinesField({ label, values, onCommit, hint, testId }: Common & { values: readonly string[]; onCommit(values: string[]): void }) {
  const id = useId();
  const shown = values.join('\n');
  const [draft, setDraft] = useState(shown);
  useEffect(() => setDraft(shown), [shown]);
  const commit = () => {
    const next = draft
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    if (next.join('\n') !== shown) onCommit(next);
    else setDraft(shown);
  };
  return (
    <Field label={label} htmlFor={id} hint={hint ?? 'One per line'}>
      <textarea
        id={id}
        className="pv-input"
        rows={Math.min(6, Math.max(2, values.length + 1))}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        data-testid={testId}
      />
    </Field>
  );
}

/** Problems of a refused edit or of the document, each with the JSON path it points at. */
export function ErrorDetails({ title, details, tone = 'error' }: { title: string; details: readonly ErrorDetail[]; tone?: 'error' | 'warning' }) {
  return (
    <div className={`pv-inline-errors pv-inline-errors--${tone}`} role={tone === 'error' ? 'alert' : undefined} data-testid="inline-errors">
      <div className="pv-inline-errors__title">{title}</div>
      {details.length > 0 && (
        <ul>
          {details.map((d, i) => (
            <li key={`${d.path}-${i}`}>
              <code>{d.path}</code> {d.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function Section({ title, children, actions, testId }: { title: string; children: ReactNode; actions?: ReactNode; testId?: string }) {
  return (
    <section className="pv-inspector__section" data-testid={testId} aria-label={title}>
      <header className="pv-inspector__section-header">
        <h3>{title}</h3>
        {actions}
      </header>
      {children}
    </section>
  );
}

/**
 * A JSON value edited as text (a scripted item's calls, a prevalidation's schema): applied on blur
 * when it parses, otherwise the text stays as typed with the parser's message, and nothing changes.
 * Empty removes the value.
 */
export function JsonField({
  label,
  value,
  onCommit,
  hint,
  testId,
  rows = 5,
}: Common & { value: unknown; onCommit(value: unknown): string | undefined; rows?: number }) {
  const shown = value === undefined ? '' : JSON.stringify(value, null, 2);
  const field = useDraft(shown);
  const { id, draft, error, setError } = field;
  const commit = () => {
    if (draft === shown) return setError(undefined);
    if (draft.trim() === '') return setError(onCommit(undefined));
    let parsed: unknown;
    try {
      parsed = JSON.parse(draft);
    } catch (e) {
      return setError(`Not JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
    setError(onCommit(parsed));
  };
  return (
    <Field label={label} htmlFor={id} hint={hint} error={error}>
      <textarea className="pv-input pv-input--mono" rows={rows} spellCheck={false} {...draftControl(field, commit, testId)} />
    </Field>
  );
}
