import { generationTraits, runsTodoOrchestrator, type Route, type SequenceItem, type Step } from '@planvas/shared';
import { useFileGeneration } from '../store/use-file-generation';
import { useAppStoreApi } from '../store/store-context';
import { CheckboxField, Section, TextField } from './fields';
import { FlowSection } from './flow-section';
import { ItemsEditor } from './items-editor';
import { RoutesSection } from './routes-editor';
import { useStepUpdate } from './use-step-update';
import type { KindFieldsProps } from './kind-fields-props';

/** The fields todo_task, orchestrator, agent and message_sequence share (shared's delegatingStepFields). */
export type DelegatingStepFields = {
  id: string;
  authored_prompt?: boolean | string | null;
  system_prompt?: string | null;
  items?: SequenceItem[] | null;
  messages?: unknown[] | null;
  predefined_routes?: Route[] | null;
  enable_generic_agent?: boolean | null;
};

type Props = {
  step: DelegatingStepFields;
  inFlow: boolean;
  /** Show the items editor even when the step has no items yet (message_sequence and agent run them; an orchestrator may). */
  itemsFirst: boolean;
};

/**
 * The form of a step that talks to an agent and may delegate: its prompts, its items in order,
 * its predefined routes with their sub-agents, the generic agent, and where it goes next.
 */
export function DelegatingFields({ step, inFlow, itemsFirst }: Props) {
  const hasItems = (step.items?.length ?? 0) > 0 || (step.messages?.length ?? 0) > 0;
  // Seed-era steps have no prompts of their own; a file of a later generation may set them on any of these kinds.
  const seed = useFileGeneration()?.generation === 'seed';
  const hasPrompt = step.authored_prompt != null || step.system_prompt != null;
  const items = (
    <Section title="Items" testId="items-section">
      <ItemsEditor stepId={step.id} items={step.items ?? []} messages={step.messages} />
    </Section>
  );
  return (
    <>
      {(!seed || hasPrompt) && <PromptFields step={step} />}
      {(itemsFirst || hasItems) && items}
      <RoutesSection title="Predefined routes" stepId={step.id} delegating routes={step.predefined_routes ?? []}>
        {runsTodoOrchestrator(step as Step) && <GenericAgentField step={step} />}
      </RoutesSection>
      <FlowSection stepId={step.id} inFlow={inFlow} />
    </>
  );
}

/** The system prompt, and whether it is authored (agentworks: a bool; kept as written when a string). */
function PromptFields({ step }: { step: DelegatingStepFields }) {
  const { update } = useStepUpdate(step.id);
  const authored = step.authored_prompt;
  return (
    <Section title="Prompt" testId="prompt-section">
      {typeof authored === 'string' ? (
        <TextField label="Authored prompt" multiline value={authored} onChange={(authored_prompt) => update({ authored_prompt }, 'authored_prompt')} />
      ) : (
        <CheckboxField
          label="Authored prompt"
          checked={authored === true}
          onChange={(on) => update({ authored_prompt: on ? true : undefined })}
          hint="The system prompt below is written by hand and used as is"
          testId="authored-prompt"
        />
      )}
      <TextField
        label="System prompt"
        multiline
        value={step.system_prompt ?? ''}
        onChange={(system_prompt) => update({ system_prompt: system_prompt === '' ? undefined : system_prompt }, 'system_prompt')}
        testId="system-prompt"
      />
    </Section>
  );
}

/** The seed era's switch; later runtimes always run the generic agent, so there it is a fact, not a field. */
function GenericAgentField({ step }: { step: DelegatingStepFields }) {
  const store = useAppStoreApi();
  const generation = useFileGeneration();
  if (generation && !generationTraits(generation.generation).genericAgentSwitch) {
    return (
      <p className="pv-muted" data-testid="generic-agent-always">
        The generic agent takes the todos no route fits: {generation.label} always runs it.
      </p>
    );
  }
  return (
    <CheckboxField
      label="Generic agent"
      checked={step.enable_generic_agent === true}
      onChange={(enabled) => store.getState().setGenericAgentOf(step.id, enabled)}
      hint="Takes the todos no predefined route fits (no learning, no prevalidation)"
      testId="generic-agent"
    />
  );
}

/** A kind's inspector fields made of DelegatingFields (each kind folder names its options). */
export function delegatingFields<S extends DelegatingStepFields>(options: { itemsFirst: boolean }) {
  return function KindDelegatingFields({ step, inFlow }: KindFieldsProps<S>) {
    return <DelegatingFields step={step} inFlow={inFlow} itemsFirst={options.itemsFirst} />;
  };
}
