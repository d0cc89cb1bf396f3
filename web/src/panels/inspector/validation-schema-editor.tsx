import { Plus, Trash2 } from 'lucide-react';
import type { JsonCheck, ValidationFile, ValidationSchema } from '@planvas/shared';
import { useAppStoreApi } from '../../store/store-context';
import { CheckboxField, NumberField, SelectField, TextField } from '../../forms/fields';

const VALUE_TYPES = ['', 'string', 'number', 'integer', 'boolean', 'array', 'object'];

/**
 * The step's `validation_schema`: files that must exist after it ran, each with JSON checks on
 * fields inside it (path, type, lengths, pattern, range). Written to the plan as edited.
 */
export function ValidationSchemaEditor({ stepId, schema }: { stepId: string; schema: ValidationSchema | null | undefined }) {
  const store = useAppStoreApi();
  const files = schema?.files ?? [];
  const write = (next: ValidationFile[] | undefined, coalesce?: string) =>
    store.getState().updateStepFields(stepId, { validation_schema: next === undefined ? undefined : { ...(schema ?? {}), files: next } }, coalesce);
  const setFile = (index: number, patch: Partial<ValidationFile>, coalesce?: string) =>
    write(
      files.map((f, i) => (i === index ? withPatch(f, patch) : f)),
      coalesce && `vs:${index}:${coalesce}`,
    );
  const setCheck = (fileIndex: number, checkIndex: number, patch: Partial<JsonCheck>, coalesce?: string) => {
    const file = files[fileIndex]!;
    const checks = (file.json_checks ?? []).map((c, i) => (i === checkIndex ? withPatch(c, patch) : c));
    setFile(fileIndex, { json_checks: checks }, coalesce && `${checkIndex}:${coalesce}`);
  };
  const numberPatch = (fileIndex: number, checkIndex: number, key: keyof JsonCheck) => (value: number | undefined) => {
    setCheck(fileIndex, checkIndex, { [key]: value });
    return store.getState().editError?.stepId === stepId ? store.getState().editError?.reason : undefined;
  };

  return (
    <div className="pv-validation" data-testid="validation-schema-editor">
      {files.length === 0 && <p className="pv-muted">No output checks. Add a file the step must produce.</p>}
      {files.map((file, fi) => (
        <div className="pv-vfile" key={fi} data-testid="validation-file">
          <div className="pv-vfile__header">
            <TextField label="File name" value={file.file_name} placeholder="report.json" onChange={(file_name) => setFile(fi, { file_name }, 'file_name')} />
            <button
              type="button"
              className="pv-icon-button pv-icon-button--small pv-danger"
              aria-label={`Remove file ${file.file_name || fi + 1}`}
              onClick={() => write(files.filter((_, i) => i !== fi))}
            >
              <Trash2 size={13} />
            </button>
          </div>
          <CheckboxField label="Must exist" checked={file.must_exist !== false} onChange={(must_exist) => setFile(fi, { must_exist })} />
          {(file.json_checks ?? []).map((check, ci) => (
            <div className="pv-vcheck" key={ci} data-testid="json-check">
              <div className="pv-vcheck__row">
                <TextField label="JSON path" value={check.path} placeholder="$.items" onChange={(path) => setCheck(fi, ci, { path }, 'path')} />
                <SelectField
                  label="Value type"
                  value={check.value_type ?? ''}
                  options={[...new Set([...VALUE_TYPES, check.value_type ?? ''])].map((t) => ({ value: t, label: t === '' ? '(any)' : t }))}
                  onChange={(value_type) => setCheck(fi, ci, { value_type: value_type === '' ? undefined : value_type })}
                />
                <button
                  type="button"
                  className="pv-icon-button pv-icon-button--small pv-danger"
                  aria-label={`Remove check ${check.path || ci + 1}`}
                  onClick={() => setFile(fi, { json_checks: (file.json_checks ?? []).filter((_, i) => i !== ci) })}
                >
                  <Trash2 size={13} />
                </button>
              </div>
              <CheckboxField label="Field must exist" checked={check.must_exist !== false} onChange={(must_exist) => setCheck(fi, ci, { must_exist })} />
              <div className="pv-vcheck__numbers">
                <NumberField label="Min length" integer min={0} value={check.min_length} onCommit={numberPatch(fi, ci, 'min_length')} />
                <NumberField label="Max length" integer min={0} value={check.max_length} onCommit={numberPatch(fi, ci, 'max_length')} />
                <NumberField label="Min value" value={check.min_value} onCommit={numberPatch(fi, ci, 'min_value')} />
                <NumberField label="Max value" value={check.max_value} onCommit={numberPatch(fi, ci, 'max_value')} />
              </div>
              <TextField
                label="Pattern"
                value={check.pattern ?? ''}
                placeholder="regular expression"
                onChange={(pattern) => setCheck(fi, ci, { pattern: pattern === '' ? undefined : pattern }, 'pattern')}
              />
            </div>
          ))}
          <button
            type="button"
            className="pv-button pv-button--add"
            onClick={() => setFile(fi, { json_checks: [...(file.json_checks ?? []), { path: '', must_exist: true }] })}
          >
            <Plus size={13} aria-hidden /> Add JSON check
          </button>
        </div>
      ))}
      <div className="pv-row">
        <button
          type="button"
          className="pv-button pv-button--add"
          data-testid="add-validation-file"
          onClick={() => write([...files, { file_name: '', must_exist: true }])}
        >
          <Plus size={13} aria-hidden /> Add file
        </button>
        {schema != null && (
          <button type="button" className="pv-button" onClick={() => write(undefined)}>
            Remove validation
          </button>
        )}
      </div>
    </div>
  );
}

/** The object with `patch` applied; `undefined` in the patch removes a key. */
function withPatch<T extends object>(object: T, patch: Partial<T>): T {
  const out: Record<string, unknown> = { ...(object as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete out[key];
    else out[key] = value;
  }
  return out as T;
}
