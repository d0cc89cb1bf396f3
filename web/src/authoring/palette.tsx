import type { DragEvent } from 'react';
import { STEP_KIND_LABELS, type StepKind } from '@planvas/shared';
import { STEP_KIND_MIME } from '../canvas/step-kind-drag';
import { stepDefinitions } from '../flow/definitions';
import { useAppStore, useAppStoreApi } from '../store/store-context';
import { insertionAfterSelection } from '../flow/insertion';
import { kindChoices, useFileGeneration } from '../store/use-file-generation';

/**
 * The step kinds a file of this generation accepts, to drag onto the canvas (dropped where
 * released) or click (added after the selected step, else at the end of the plan). The kinds it
 * does not accept are listed under "Other kinds", each saying why, so nothing is silently missing.
 */
export function Palette() {
  const store = useAppStoreApi();
  const editable = useAppStore((s) => s.document?.plan != null);
  const generation = useFileGeneration();
  if (!editable || !generation) return null;
  const choices = kindChoices(generation.generation);
  const add = (kind: StepKind) => {
    const state = store.getState();
    store.getState().addStepOfKind(kind, { at: insertionAfterSelection(state.document!.plan!, state.selectedNodeId) });
  };
  const onDragStart = (event: DragEvent, kind: StepKind) => {
    event.dataTransfer.setData(STEP_KIND_MIME, kind);
    event.dataTransfer.setData('text/plain', kind);
    event.dataTransfer.effectAllowed = 'copy';
  };
  const others = choices.filter((c) => !c.offered);
  return (
    <nav className="pv-palette" aria-label="Add a step" data-testid="palette" data-generation={generation.generation}>
      <div className="pv-palette__title" title={`This file is of the ${generation.label} generation: the palette offers the kinds its runtime accepts`}>
        Add
      </div>
      {choices
        .filter((c) => c.offered)
        .map(({ kind }) => {
          const definition = stepDefinitions[kind];
          const Icon = definition.icon;
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
              title={`${STEP_KIND_LABELS[kind]}: ${definition.hint}. Click to add, or drag onto the canvas.`}
              aria-label={`Add ${STEP_KIND_LABELS[kind]}`}
            >
              <span className="pv-kind-icon" aria-hidden>
                <Icon size={15} />
              </span>
              <span className="pv-palette__label">{STEP_KIND_LABELS[kind]}</span>
            </button>
          );
        })}
      {others.length > 0 && (
        <details className="pv-palette__others" data-testid="palette-others">
          <summary title="Kinds this file's generation does not accept, and why">
            <span className="pv-visually-hidden">Other kinds</span>
          </summary>
          <ul>
            {others.map((choice) => (
              <li
                key={choice.kind}
                data-step-kind={choice.kind}
                data-testid={`palette-unavailable-${choice.kind}`}
                title={choice.offered ? undefined : choice.reason}
              >
                <span className="pv-palette__label">{STEP_KIND_LABELS[choice.kind]}</span>
                <span className="pv-palette__reason">{choice.offered ? '' : choice.reason}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </nav>
  );
}
