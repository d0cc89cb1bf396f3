import { useEffect, useId, useState } from 'react';
import type { ErrorDetail, SubAgentStep } from '@planvas/shared';
import { useAppStoreApi } from '../../store/store-context';
import { ErrorDetails } from '../../forms/fields';

/**
 * The step as JSON, editable: any field (known or not) can be changed here. Applied as one edit
 * through the shared schemas, so a mistake is refused with the JSON path of each problem and the
 * text stays as typed to be fixed.
 */
export function StepJsonEditor({ step }: { step: SubAgentStep }) {
  const store = useAppStoreApi();
  const id = useId();
  const shown = JSON.stringify(step, null, 2);
  const [text, setText] = useState(shown);
  const [problem, setProblem] = useState<{ title: string; details: ErrorDetail[] } | null>(null);
  useEffect(() => {
    setText(shown);
    setProblem(null);
  }, [shown]);

  const apply = () => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      setProblem({ title: `Not JSON: ${error instanceof Error ? error.message : String(error)}`, details: [] });
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      setProblem({ title: 'A step is a JSON object', details: [] });
      return;
    }
    const next = value as SubAgentStep;
    if (next.id !== step.id) {
      setProblem({
        title: `The id stays "${step.id}" here; change it with the Step id field (it updates every reference)`,
        details: [{ path: '$.id', message: `must be "${step.id}"` }],
      });
      return;
    }
    const ok = store.getState().updateStepFields(step.id, () => next);
    const error = store.getState().editError;
    setProblem(ok || !error ? null : { title: error.reason, details: error.details });
  };

  return (
    <details className="pv-json-editor">
      <summary>Step JSON</summary>
      <label htmlFor={id} className="pv-visually-hidden">
        Step JSON
      </label>
      <textarea id={id} className="pv-input pv-input--mono" rows={14} spellCheck={false} value={text} onChange={(e) => setText(e.target.value)} />
      {problem && <ErrorDetails title={problem.title} details={problem.details} />}
      <div className="pv-row">
        <button type="button" className="pv-button" onClick={apply} disabled={text === shown}>
          Apply JSON
        </button>
        <button type="button" className="pv-button" onClick={() => setText(shown)} disabled={text === shown}>
          Reset
        </button>
      </div>
    </details>
  );
}
