import { useId, type ReactNode } from 'react';
import { ErrorDetails } from '../../forms/fields';
import type { FormErrors } from './form-errors';

/**
 * A labelled text field of a workflow dialog. Its hint and its error are tied to the input
 * (`aria-describedby`), so a screen reader reads why the server refused the value when the field
 * takes focus again.
 */
export function DialogField({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  children: (control: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`pv-field pv-workflow-form__field${error ? ' has-error' : ''}`}>
      <label className="pv-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error && (
        <div className="pv-field__error" id={errorId} data-testid="field-error">
          {error}
        </div>
      )}
      {hint && (
        <div className="pv-field__hint" id={hintId}>
          {hint}
        </div>
      )}
    </div>
  );
}

/** The refusal that no field explains, above the dialog's buttons. */
export function FormError({ errors }: { errors: FormErrors<string> }) {
  if (!errors.form) return null;
  return <ErrorDetails title={errors.form.message} details={errors.form.details} />;
}

/** `Team/Research Report` as the folder it makes, for the hint under a path field. */
export function folderOf(id: string): string {
  const trimmed = id.trim();
  return trimmed === '' ? '…' : `${trimmed}/`;
}
