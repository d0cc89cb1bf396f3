import type {
  ConditionalStep,
  DecisionStep,
  HumanInputStep,
  KnownStep,
  OrchestrationStep,
  RegularStep,
  RoutingStep,
  TodoTaskStep,
} from '@planvas/shared';
import { useAppStoreApi } from '../../store/store-context';
import { CheckboxField, LinesField, NumberField, SelectField, TextField, Section } from '../../forms/fields';
import { RoutesEditor } from '../../forms/routes-editor';
import { TargetSelect } from '../../forms/target-select';

/** The fields of each step kind beyond the common ones, and where its outputs go. */
export function KindFields({ step, inFlow }: { step: KnownStep; inFlow: boolean }) {
  switch (step.type) {
    case 'regular':
      return <RegularFields step={step} inFlow={inFlow} />;
    case 'todo_task':
      return <TodoTaskFields step={step} inFlow={inFlow} />;
    case 'orchestration':
      return <OrchestrationFields step={step} inFlow={inFlow} />;
    case 'routing':
      return <RoutingFields step={step} />;
    case 'conditional':
      return <ConditionalFields step={step} inFlow={inFlow} />;
    case 'decision':
      return <DecisionFields step={step} inFlow={inFlow} />;
    case 'human_input':
      return <HumanInputFields step={step} inFlow={inFlow} />;
  }
}

function useUpdate(stepId: string) {
  const store = useAppStoreApi();
  return {
    update: (patch: Record<string, unknown>, coalesce?: string) => store.getState().updateStepFields(stepId, patch, coalesce),
    refused: () => (store.getState().editError?.stepId === stepId ? store.getState().editError?.reason : undefined),
  };
}

function RegularFields({ step, inFlow }: { step: RegularStep; inFlow: boolean }) {
  const { update, refused } = useUpdate(step.id);
  return (
    <Section title="Behaviour">
      <CheckboxField label="Loop" checked={step.has_loop === true} onChange={(has_loop) => update({ has_loop })} hint="Repeat the step until the loop condition says stop" />
      {step.has_loop === true && (
        <>
          <TextField label="Loop condition" multiline value={step.loop_condition ?? ''} onChange={(loop_condition) => update({ loop_condition }, 'loop_condition')} />
          <NumberField label="Max iterations" integer min={1} value={step.max_iterations} onCommit={(max_iterations) => (update({ max_iterations }) ? undefined : refused())} />
        </>
      )}
      {inFlow && <TargetSelect stepId={step.id} handle="next" label="Next step" testId="next-step" />}
    </Section>
  );
}

function TodoTaskFields({ step, inFlow }: { step: TodoTaskStep; inFlow: boolean }) {
  const store = useAppStoreApi();
  return (
    <>
      <Section title="Predefined routes" testId="routes-section">
        <RoutesEditor stepId={step.id} delegating routes={step.predefined_routes ?? []} />
        <CheckboxField
          label="Generic agent"
          checked={step.enable_generic_agent === true}
          onChange={(enabled) => store.getState().setGenericAgentOf(step.id, enabled)}
          hint="Takes the todos no predefined route fits (no learning, no prevalidation)"
          testId="generic-agent"
        />
      </Section>
      {inFlow && (
        <Section title="Flow">
          <TargetSelect stepId={step.id} handle="next" label="Next step" testId="next-step" />
        </Section>
      )}
    </>
  );
}

function OrchestrationFields({ step, inFlow }: { step: OrchestrationStep; inFlow: boolean }) {
  const { update } = useUpdate(step.id);
  const inner = step.orchestration_step ?? {};
  return (
    <>
      <Section title="Orchestrator">
        <TextField label="Orchestrator description" multiline value={inner.description ?? ''} onChange={(description) => update({ orchestration_step: { ...inner, description } }, 'orchestration_step.description')} />
        <TextField
          label="Orchestrator success criteria"
          multiline
          value={inner.success_criteria ?? ''}
          onChange={(success_criteria) => update({ orchestration_step: { ...inner, success_criteria } }, 'orchestration_step.success_criteria')}
        />
      </Section>
      <Section title="Routes" testId="routes-section">
        <RoutesEditor stepId={step.id} delegating routes={step.orchestration_routes ?? []} />
      </Section>
      {inFlow && (
        <Section title="Flow">
          <TargetSelect stepId={step.id} handle="next" label="Next step" testId="next-step" />
        </Section>
      )}
    </>
  );
}

function RoutingFields({ step }: { step: RoutingStep }) {
  const { update } = useUpdate(step.id);
  return (
    <>
      <Section title="Question">
        <TextField label="Routing question" multiline value={step.routing_question ?? ''} onChange={(routing_question) => update({ routing_question }, 'routing_question')} />
      </Section>
      <Section title="Routes" testId="routes-section">
        <RoutesEditor stepId={step.id} delegating={false} routes={step.routes ?? []} defaultRouteId={step.default_route_id} />
      </Section>
    </>
  );
}

function ConditionalFields({ step, inFlow }: { step: ConditionalStep; inFlow: boolean }) {
  const { update } = useUpdate(step.id);
  return (
    <Section title="Condition">
      <TextField label="Condition question" multiline value={step.condition_question ?? ''} onChange={(condition_question) => update({ condition_question }, 'condition_question')} />
      {inFlow && (
        <>
          <BranchTarget step={step} branch="true" label="If yes" />
          <BranchTarget step={step} branch="false" label="If no" />
          <NextAfterBranches step={step} />
        </>
      )}
    </Section>
  );
}

/** A branch with its own steps starts with the first of them; otherwise it goes where its output points. */
function BranchTarget({ step, branch, label }: { step: ConditionalStep; branch: 'true' | 'false'; label: string }) {
  const steps = (branch === 'true' ? step.if_true_steps : step.if_false_steps) ?? [];
  if (steps.length > 0) {
    return (
      <p className="pv-muted" data-testid={`branch-${branch}`}>
        {label}: runs its {steps.length} branch step{steps.length === 1 ? '' : 's'}, starting with <code>{steps[0]!.id}</code>
      </p>
    );
  }
  return <TargetSelect stepId={step.id} handle={branch} label={label} />;
}

function NextAfterBranches({ step }: { step: ConditionalStep }) {
  const hasBranchSteps = (step.if_true_steps?.length ?? 0) + (step.if_false_steps?.length ?? 0) > 0;
  const { update } = useUpdate(step.id);
  if (!hasBranchSteps) return null;
  return (
    <TextField
      label="After the branches, continue with"
      value={step.next_step_id ?? ''}
      placeholder="list order"
      onChange={(next_step_id) => update({ next_step_id: next_step_id.trim() === '' ? undefined : next_step_id }, 'next_step_id')}
      hint="A step id, or end; empty continues with the next step of the list"
    />
  );
}

function DecisionFields({ step, inFlow }: { step: DecisionStep; inFlow: boolean }) {
  const { update } = useUpdate(step.id);
  return (
    <Section title="Decision">
      <TextField
        label="Evaluation question"
        multiline
        value={step.decision_evaluation_question ?? ''}
        onChange={(decision_evaluation_question) => update({ decision_evaluation_question }, 'decision_evaluation_question')}
      />
      {inFlow && (
        <>
          <TargetSelect stepId={step.id} handle="true" label="If yes" />
          <TargetSelect stepId={step.id} handle="false" label="If no" />
        </>
      )}
    </Section>
  );
}

const RESPONSE_TYPES = [
  { value: 'text', label: 'Free text' },
  { value: 'yesno', label: 'Yes / no' },
  { value: 'multiple_choice', label: 'Multiple choice' },
];

function HumanInputFields({ step, inFlow }: { step: HumanInputStep; inFlow: boolean }) {
  const { update } = useUpdate(step.id);
  const type = step.response_type ?? 'text';
  const types = RESPONSE_TYPES.some((t) => t.value === type) ? RESPONSE_TYPES : [...RESPONSE_TYPES, { value: type, label: type }];
  return (
    <Section title="Question">
      <TextField label="Question" multiline value={step.question ?? ''} onChange={(question) => update({ question }, 'question')} />
      <TextField label="Variable name" value={step.variable_name ?? ''} onChange={(variable_name) => update({ variable_name }, 'variable_name')} hint="Where the answer is stored for later steps" />
      <SelectField label="Response type" value={type} options={types} onChange={(response_type) => update({ response_type })} />
      {type === 'multiple_choice' && <LinesField label="Options" values={step.options ?? []} onCommit={(options) => update({ options })} />}
      {inFlow &&
        (type === 'yesno' ? (
          <>
            <TargetSelect stepId={step.id} handle="yes" label="If yes" />
            <TargetSelect stepId={step.id} handle="no" label="If no" />
          </>
        ) : type === 'multiple_choice' && (step.options?.length ?? 0) > 0 ? (
          (step.options ?? []).map((option, i) => <TargetSelect key={`${i}-${option}`} stepId={step.id} handle={`option-${i}`} label={`If “${option}”`} />)
        ) : (
          <TargetSelect stepId={step.id} handle="next" label="Next step" testId="next-step" />
        ))}
    </Section>
  );
}
