import { Bot, Copy, Trash2, X } from 'lucide-react';
import { asKnownStep, findStep, generationTraits, stepKind } from '@planvas/shared';
import { useFileGeneration } from '../../store/use-file-generation';
import { nodeTargetOf, type NodeTarget } from '../../flow/node-targets';
import { nodeDefinitions } from '../../flow/definitions';
import { useAppStore, useAppStoreApi } from '../../store/store-context';
import { CheckboxField, Section } from '../../forms/fields';
import { StepInspector } from './step-inspector';
import './inspector.css';
import './inspector-editors.css';

/**
 * The inspector beside the canvas: a form for the selected node (step, sub-agent, generic agent),
 * or what can be done with several selected nodes. Nothing selected, nothing shown.
 */
export function Inspector() {
  const store = useAppStoreApi();
  const plan = useAppStore((s) => s.document?.plan ?? null);
  const primary = useAppStore((s) => s.selectedNodeId);
  const count = useAppStore((s) => s.selectedNodeIds.length);
  if (!plan || primary === null) return null;
  const target = nodeTargetOf(plan, primary);
  if (!target) return null;
  const close = () => store.getState().setSelection([], []);

  return (
    <aside className="pv-inspector" data-testid="inspector" aria-label="Inspector" data-node-id={primary}>
      <InspectorHeader target={target} onClose={close} />
      <div className="pv-inspector__body" key={primary}>
        {count > 1 && <MultiSelection count={count} />}
        <TargetBody target={target} />
      </div>
    </aside>
  );
}

function InspectorHeader({ target, onClose }: { target: NodeTarget; onClose(): void }) {
  const plan = useAppStore((s) => s.document?.plan ?? null);
  const step = plan && (target.kind === 'step' || target.kind === 'sub_agent') ? findStep(plan, target.stepId)?.step : undefined;
  const kind =
    target.kind === 'sub_agent' || target.kind === 'generic'
      ? 'sub_agent'
      : target.kind === 'step' && step
        ? asKnownStep(step)
          ? stepKind(step)
          : 'opaque'
        : target.kind;
  const definition = nodeDefinitions[kind as keyof typeof nodeDefinitions];
  const Icon = definition?.icon ?? Bot;
  const kindLine = target.kind === 'sub_agent' ? `Sub-agent of ${target.parentStepId}` : definition?.label;
  const title = target.kind === 'generic' ? 'Generic agent' : step ? String(step.title || step.id) : (definition?.label ?? '');
  return (
    <header className="pv-inspector__header" data-step-kind={kind}>
      <span className="pv-kind-icon pv-kind-icon--large" aria-hidden>
        <Icon size={15} />
      </span>
      <div className="pv-inspector__titles">
        <span className="pv-inspector__kind" title={kindLine}>
          {kindLine}
        </span>
        <span className="pv-inspector__title" title={title}>
          {title}
        </span>
      </div>
      <button type="button" className="pv-icon-button pv-icon-button--small" onClick={onClose} aria-label="Close inspector">
        <X size={14} />
      </button>
    </header>
  );
}

function TargetBody({ target }: { target: NodeTarget }) {
  const store = useAppStoreApi();
  const generation = useFileGeneration();
  // Only seed-era files can turn the generic agent off; later runtimes always run it.
  const switchable = !generation || generationTraits(generation.generation).genericAgentSwitch;
  switch (target.kind) {
    case 'step':
    case 'sub_agent':
      return <StepInspector key={target.stepId} stepId={target.stepId} />;
    case 'generic':
      return (
        <Section title="Generic agent">
          <p className="pv-muted">
            Runs the todos of <code>{target.parentStepId}</code> that no predefined route fits, from the orchestrator’s instructions alone. It uses its parent’s
            own execution LLM.
          </p>
          {switchable ? (
            <CheckboxField label="Generic agent" checked onChange={(enabled) => store.getState().setGenericAgentOf(target.parentStepId, enabled)} />
          ) : (
            <p className="pv-muted" data-testid="generic-agent-always">
              {generation?.label} always runs it: the file has no switch for it.
            </p>
          )}
        </Section>
      );
    case 'start':
      return <p className="pv-muted">The workflow starts with the first step of the list.</p>;
    case 'end':
      return <p className="pv-muted">Connect an output here to stop the workflow after that step.</p>;
  }
}

function MultiSelection({ count }: { count: number }) {
  const store = useAppStoreApi();
  return (
    <div className="pv-multi" data-testid="multi-selection">
      <span>{count} nodes selected</span>
      <button type="button" className="pv-button" onClick={() => store.getState().duplicateSelection()}>
        <Copy size={13} aria-hidden /> Duplicate
      </button>
      <button type="button" className="pv-button pv-danger" onClick={() => store.getState().requestDelete()}>
        <Trash2 size={13} aria-hidden /> Delete
      </button>
    </div>
  );
}
