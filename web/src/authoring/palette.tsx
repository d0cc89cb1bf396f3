import type { DragEvent } from 'react';
import { STEP_KIND_LABELS, type StepKind } from '@planvas/shared';
import { nodeDefinitions } from '../canvas/definitions';
import { useAppStore, useAppStoreApi } from '../store/store-context';
import { insertionAfterSelection } from './insertion';

/** The drag payload type of a palette item (the canvas reads it on drop). */
export const STEP_KIND_MIME = 'application/x-planvas-step-kind';

/**
 * The kinds the canvas draws with a node of their own, in palette order. The newer kinds
 * (orchestrator, agent, message_sequence, branch, crew) are read, checked and saved exactly, and
 * drawn as raw-JSON boxes until their node folders exist; they join this list then.
 */
export const PALETTE_KINDS = ['regular', 'todo_task', 'orchestration', 'routing', 'conditional', 'decision', 'human_input'] as const satisfies readonly StepKind[];
type PaletteKind = (typeof PALETTE_KINDS)[number];

const HINTS: Record<PaletteKind, string> = {
  regular: 'One agent does one task',
  todo_task: 'Plans todos and delegates them to sub-agents',
  orchestration: 'An orchestrator with routes to sub-agents',
  routing: 'Picks one of several next steps',
  conditional: 'Yes / no, with steps of its own per branch',
  decision: 'Yes / no jump',
  human_input: 'Asks a person',
};

/**
 * Every step kind, to drag onto the canvas (dropped where released) or click (added after the
 * selected step, else at the end of the plan).
 */
export function Palette() {
  const store = useAppStoreApi();
  const editable = useAppStore((s) => s.document?.plan != null);
  if (!editable) return null;
  const add = (kind: StepKind) => {
    const state = store.getState();
    store.getState().addStepOfKind(kind, { at: insertionAfterSelection(state.document!.plan!, state.selectedNodeId) });
  };
  const onDragStart = (event: DragEvent, kind: StepKind) => {
    event.dataTransfer.setData(STEP_KIND_MIME, kind);
    event.dataTransfer.setData('text/plain', kind);
    event.dataTransfer.effectAllowed = 'copy';
  };
  return (
    <nav className="pv-palette" aria-label="Add a step" data-testid="palette">
      <div className="pv-palette__title">Add</div>
      {PALETTE_KINDS.map((kind) => {
        const Icon = nodeDefinitions[kind].icon;
        return (
          <button
            key={kind}
            type="button"
            draggable
            className="pv-palette__item"
            data-step-kind={kind}
            data-testid={`palette-item-${kind}`}
            onClick={() => add(kind)}
            onDragStart={(e) => onDragStart(e, kind)}
            title={`${STEP_KIND_LABELS[kind]}: ${HINTS[kind]}. Click to add, or drag onto the canvas.`}
            aria-label={`Add ${STEP_KIND_LABELS[kind]}`}
          >
            <span className="pv-kind-icon" aria-hidden>
              <Icon size={15} />
            </span>
            <span className="pv-palette__label">{STEP_KIND_LABELS[kind]}</span>
          </button>
        );
      })}
    </nav>
  );
}
