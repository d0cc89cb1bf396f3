import type { ErrorDetail } from '@planvas/shared';
import { ApiError } from '../../api/api-error';

/** A refusal split for a form: messages for its fields, and what belongs to none of them. */
export type FormErrors<F extends string> = {
  fields: Partial<Record<F, string>>;
  /** Shown above the buttons: the message of a refusal no field explains, with its leftover details. */
  form: { message: string; details: ErrorDetail[] } | null;
};

export const NO_ERRORS = { fields: {}, form: null } as const satisfies FormErrors<never>;

// Refusals about where the workflow would go, which the server answers without a detail path
// (e.g. `409 workflow_exists`): they belong on the path field all the same.
const PATH_CODES = new Set(['workflow_exists', 'invalid_workflow_id', 'target_in_run_folder', 'move_into_itself']);

/**
 * Puts each detail of the server's answer on the field its JSON path names (`$.id`, `$.newId`,
 * `$.objective`); `pathField` takes a refusal of the path that comes without one.
 */
export function formErrorsOf<F extends string>(error: unknown, fieldOfPath: Readonly<Record<string, F>>, pathField: F): FormErrors<F> {
  if (!(error instanceof ApiError)) return { fields: {}, form: { message: error instanceof Error ? error.message : String(error), details: [] } };
  const fields: Partial<Record<F, string>> = {};
  const rest: ErrorDetail[] = [];
  for (const detail of error.details) {
    // `409 run_active` lists its runs as details (`runs.<id>`); its message names them already.
    if (error.code === 'run_active' && detail.path.startsWith('runs.')) continue;
    const field = Object.hasOwn(fieldOfPath, detail.path) ? fieldOfPath[detail.path] : undefined;
    if (field === undefined) rest.push(detail);
    else fields[field] = fields[field] ? `${fields[field]}; ${detail.message}` : detail.message;
  }
  // A detail says only what is wrong with the value ("it contains .."); the message says which
  // value and what to do, so the path field shows the whole message when it is about the path.
  if (PATH_CODES.has(error.code)) {
    fields[pathField] = error.message;
    return { fields, form: rest.length > 0 ? { message: 'Also refused:', details: rest } : null };
  }
  const placed = Object.keys(fields).length > 0;
  if (placed && rest.length === 0) return { fields, form: null };
  return { fields, form: { message: error.message, details: rest } };
}
