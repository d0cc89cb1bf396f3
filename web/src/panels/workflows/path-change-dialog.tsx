import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useAppStore } from '../../store/store-context';
import { Dialog } from '../../ui/dialog';
import { formErrorsOf, NO_ERRORS, type FormErrors } from './form-errors';
import { DialogField, folderOf, FormError } from './workflow-form-parts';

type Field = 'newId';
const FIELD_OF_PATH = { '$.newId': 'newId' } as const satisfies Record<string, Field>;

/**
 * The form duplicate and rename share: one path, where the workflow goes. It starts filled in
 * (`selection` marks the part the user most likely retypes), refuses a path the list already holds
 * before asking the server, and shows what the server refuses on the field.
 */
export function PathChangeDialog({
  title,
  subtitle,
  children,
  initial,
  selection,
  submitLabel,
  busyLabel,
  blocked,
  sourceId,
  testId,
  onSubmit,
  onClose,
}: {
  title: string;
  subtitle: ReactNode;
  /** What the user should know before confirming, between the field and the buttons. */
  children?: ReactNode;
  initial: string;
  selection: readonly [number, number];
  submitLabel: string;
  busyLabel: string;
  /** Why the action cannot be done now (the button is disabled), if it cannot. */
  blocked?: string | null;
  /** The workflow acted on: its own path is "unchanged", not "taken". */
  sourceId: string;
  testId: string;
  /** Does the work; a rejection is the server's refusal, shown in the form. */
  onSubmit(newId: string): Promise<void>;
  onClose(): void;
}) {
  const [value, setValue] = useState(initial);
  const [errors, setErrors] = useState<FormErrors<Field>>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const wanted = value.trim();
  const taken = useAppStore((s) => wanted !== sourceId && s.workflows.some((w) => w.id === wanted));
  const unchanged = wanted === sourceId;
  const fieldError = errors.fields.newId ?? (taken ? `A workflow is already at ${wanted}` : undefined);
  const disabled = wanted === '' || unchanged || taken || busy || Boolean(blocked);

  useEffect(() => {
    input.current?.focus();
    input.current?.setSelectionRange(selection[0], selection[1]);
    // Once, when the dialog opens: later the user decides where the cursor is.
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      await onSubmit(wanted);
    } catch (error) {
      setErrors(formErrorsOf(error, FIELD_OF_PATH, 'newId'));
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={title}
      subtitle={subtitle}
      onClose={onClose}
      testId={testId}
      actions={
        <>
          <button type="submit" form={`${testId}-form`} className="pv-button pv-button--primary" disabled={disabled} data-testid={`${testId}-submit`}>
            {busy ? busyLabel : submitLabel}
          </button>
        </>
      }
    >
      <form id={`${testId}-form`} className="pv-workflow-form" onSubmit={(e) => void submit(e)} noValidate>
        <DialogField
          label="New path"
          error={fieldError}
          hint={
            <>
              Folders separated by <code>/</code>; missing folders are made. The workflow will be at <code>{folderOf(value)}</code>.
            </>
          }
        >
          {(control) => (
            <input
              {...control}
              ref={input}
              className="pv-input pv-input--mono"
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                if (errors.fields.newId) setErrors({ ...errors, fields: {} });
              }}
              autoComplete="off"
              spellCheck={false}
              data-autofocus
              data-testid={`${testId}-path`}
            />
          )}
        </DialogField>
        {children}
        {blocked && (
          <p className="pv-workflow-form__blocked" role="alert">
            {blocked}
          </p>
        )}
        <FormError errors={errors} />
      </form>
    </Dialog>
  );
}
