import { asKnownStep, findStep, type Problem, type StepBase, type SubAgentStep } from '@planvas/shared';
import { useShallow } from 'zustand/shallow';
import { useAppStore, useAppStoreApi } from '../../store/store-context';
import { CommitField, ErrorDetails, LinesField, Section, TextField } from '../../forms/fields';
import { StepJsonEditor } from './json-editor';
import { KindFields } from './kind-fields';
import { StepConfigSection } from './step-config-section';
import { ValidationSchemaEditor } from './validation-schema-editor';

const NO_PROBLEMS: Problem[] = [];

/**
 * Every field of one step (main, branch, orphan or a route's sub-agent), its configuration and
 * its problems. Edits go through the store's edit operations, one undo step each.
 */
export function StepInspector({ stepId }: { stepId: string }) {
  const store = useAppStoreApi();
  // Selectors return values kept in the store (the step object, a string), never a fresh object.
  const found = useAppStore((s) => (s.document?.plan ? findStep(s.document.plan, stepId)?.step : undefined));
  const scope = useAppStore((s) => (s.document?.plan ? findStep(s.document.plan, stepId)?.scope : undefined));
  const problems = useAppStore(useShallow((s) => (s.document?.problems ?? NO_PROBLEMS).filter((p) => p.stepId === stepId)));
  const editError = useAppStore((s) => (s.editError?.stepId === stepId ? s.editError : null));
  if (!found || !scope) return <p className="pv-muted">This step is no longer in the plan.</p>;
  // Every kind has the common fields (an unknown kind too, loosely typed): read them as such.
  const step = found as StepBase & SubAgentStep;
  const known = asKnownStep(step);
  const update = (patch: Record<string, unknown>, coalesce?: string) => store.getState().updateStepFields(stepId, patch, coalesce);
  const outputs = step.context_output;

  return (
    <>
      {editError && <ErrorDetails title={`Not applied: ${editError.reason}`} details={editError.details} />}
      <Section title="Step">
        <TextField label="Title" value={step.title ?? ''} onChange={(title) => update({ title }, 'title')} testId="step-title" />
        <CommitField
          label="Step id"
          mono
          value={stepId}
          testId="step-id"
          hint="Renaming updates every reference and the step_config entry"
          onCommit={(newId) => (store.getState().renameStep(stepId, newId.trim()) ? undefined : store.getState().editError?.reason)}
        />
        <TextField label="Description" multiline value={step.description ?? ''} onChange={(description) => update({ description }, 'description')} />
        <TextField
          label="Success criteria"
          multiline
          value={step.success_criteria ?? ''}
          onChange={(success_criteria) => update({ success_criteria }, 'success_criteria')}
        />
        <LinesField
          label="Context dependencies"
          values={step.context_dependencies ?? []}
          onCommit={(context_dependencies) => update({ context_dependencies })}
          hint="Files this step reads, one per line"
        />
        {Array.isArray(outputs) ? (
          <LinesField
            label="Context output"
            values={outputs}
            onCommit={(list) => update({ context_output: list })}
            hint="Files this step writes, one per line"
          />
        ) : (
          <TextField
            label="Context output"
            value={typeof outputs === 'string' ? outputs : ''}
            onChange={(context_output) => update({ context_output }, 'context_output')}
            hint="The file this step writes"
          />
        )}
      </Section>

      {known ? (
        <KindFields step={known} inFlow={scope === 'main' || scope === 'branch'} />
      ) : (
        <p className="pv-muted">A step of type “{String(step.type)}”, which planvas does not know: it is kept exactly as written. Edit it as JSON below.</p>
      )}

      <Section title="Validation" testId="validation-section">
        <ValidationSchemaEditor stepId={stepId} schema={step.validation_schema} />
      </Section>

      <Section title="Configuration" testId="config-section">
        <StepConfigSection step={step as SubAgentStep} />
      </Section>

      {problems.length > 0 && (
        <Section title="Problems">
          <ErrorDetails
            title={`${problems.length} problem${problems.length === 1 ? '' : 's'}`}
            tone="warning"
            details={problems.map((p) => ({ path: p.path, message: p.message }))}
          />
        </Section>
      )}

      <StepJsonEditor step={step} />
    </>
  );
}
