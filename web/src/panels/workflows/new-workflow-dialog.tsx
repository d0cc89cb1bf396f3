import { useId, useState, type FormEvent } from 'react';
import { FilePlus2, ListTodo } from 'lucide-react';
import { useWorkflowsApi } from '../../api/workflows-api-context';
import type { WorkflowTemplate } from '../../api/workflows-api';
import { useAppStore, useAppStoreApi } from '../../store/store-context';
import { Dialog } from '../../ui/dialog';
import { formErrorsOf, NO_ERRORS, type FormErrors } from './form-errors';
import { DialogField, folderOf, FormError } from './workflow-form-parts';
import { openNewWorkflow } from './workflow-navigation';
import { putWorkflowRow } from './workflow-rows';

type Field = 'id' | 'template' | 'objective';
const FIELD_OF_PATH = { '$.id': 'id', '$.template': 'template', '$.objective': 'objective' } as const satisfies Record<string, Field>;

const TEMPLATES: ReadonlyArray<{ value: WorkflowTemplate; label: string; description: string; icon: typeof ListTodo }> = [
  { value: 'blank', label: 'Blank', description: 'No steps: start from an empty canvas.', icon: FilePlus2 },
  {
    value: 'todo_task',
    label: 'Todo task',
    description: 'One Todo Task step that breaks the objective into todos and works through them, with a Researcher route.',
    icon: ListTodo,
  },
];

/**
 * A new workflow: its folder under the workspace (`Team/Research`, missing folders made), the
 * template it starts from and its objective. The server checks the path; what it refuses shows
 * on the field it concerns. Made, it opens.
 */
export function NewWorkflowDialog({ onClose }: { onClose: () => void }) {
  const api = useWorkflowsApi();
  const store = useAppStoreApi();
  const [id, setId] = useState('');
  const [template, setTemplate] = useState<WorkflowTemplate>('todo_task');
  const [objective, setObjective] = useState('');
  const [errors, setErrors] = useState<FormErrors<Field>>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const templateErrorId = `${ids}-template-error`;
  const wanted = id.trim();
  // The list already says when the path is taken: no need to ask the server to refuse it.
  const taken = useAppStore((s) => s.workflows.some((w) => w.id === wanted));
  const idError = errors.fields.id ?? (taken ? `A workflow is already at ${wanted}` : undefined);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (wanted === '' || taken || busy) return;
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const created = await api.create({ id: wanted, template, ...(objective.trim() ? { objective: objective.trim() } : {}) });
      putWorkflowRow(store, api, created.id);
      store.getState().toast({ tone: 'success', message: `Created ${created.id}` });
      onClose();
      openNewWorkflow(created.id);
    } catch (error) {
      setErrors(formErrorsOf(error, FIELD_OF_PATH, 'id'));
      setBusy(false);
    }
  };

  return (
    <Dialog
      title="New workflow"
      subtitle="A folder in the workspace with planning/plan.json and an empty step_config.json."
      onClose={onClose}
      testId="new-workflow-dialog"
      actions={
        <>
          <button type="submit" form="pv-new-workflow" className="pv-button pv-button--primary" disabled={wanted === '' || taken || busy}>
            {busy ? 'Creating…' : 'Create workflow'}
          </button>
        </>
      }
    >
      <form id="pv-new-workflow" className="pv-workflow-form" onSubmit={(e) => void submit(e)} noValidate>
        <DialogField
          label="Path"
          error={idError}
          hint={
            <>
              Folders separated by <code>/</code>, e.g. <code>Team/Research</code>; missing folders are made. Creates{' '}
              <code>{folderOf(id)}planning/plan.json</code>.
            </>
          }
        >
          {(control) => (
            <input
              {...control}
              className="pv-input pv-input--mono"
              value={id}
              onChange={(e) => {
                setId(e.target.value);
                if (errors.fields.id) setErrors({ ...errors, fields: { ...errors.fields, id: undefined } });
              }}
              placeholder="Team/Research"
              autoComplete="off"
              spellCheck={false}
              data-autofocus
              data-testid="new-workflow-id"
            />
          )}
        </DialogField>
        <fieldset className="pv-workflow-form__templates" aria-describedby={errors.fields.template ? templateErrorId : undefined}>
          <legend className="pv-field__label">Template</legend>
          {TEMPLATES.map((t) => (
            <label key={t.value} className={`pv-template-choice${template === t.value ? ' is-chosen' : ''}`}>
              {/* Named by its label alone; the description is read after it, as a description. */}
              <input
                type="radio"
                name="template"
                value={t.value}
                checked={template === t.value}
                onChange={() => setTemplate(t.value)}
                aria-label={t.label}
                aria-describedby={`${ids}-${t.value}`}
              />
              <t.icon size={16} aria-hidden className="pv-template-choice__icon" />
              <span className="pv-template-choice__text">
                <span className="pv-template-choice__label">{t.label}</span>
                <span className="pv-template-choice__description" id={`${ids}-${t.value}`}>
                  {t.description}
                </span>
              </span>
            </label>
          ))}
          {errors.fields.template && (
            <div className="pv-field__error" id={templateErrorId}>
              {errors.fields.template}
            </div>
          )}
        </fieldset>
        <DialogField
          label={template === 'todo_task' ? 'Objective' : 'Objective (optional)'}
          error={errors.fields.objective}
          hint={template === 'todo_task' ? 'What the Todo Task plans its todos for; editable later.' : 'What the workflow is for; editable later.'}
        >
          {(control) => (
            <textarea
              {...control}
              className="pv-input"
              rows={3}
              value={objective}
              onChange={(e) => setObjective(e.target.value)}
              placeholder="Write a report on …"
              data-testid="new-workflow-objective"
            />
          )}
        </DialogField>
        <FormError errors={errors} />
      </form>
    </Dialog>
  );
}
