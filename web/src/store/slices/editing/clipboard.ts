import { copySteps, duplicateSteps, pasteSteps } from '@planvas/shared';
import type { SliceCreator } from '../../app-state';
import { planDocumentOf } from '../../document/plan-document';
import type { EditingSlice } from '../../state/editing';
import type { XY } from '../../state/view';
import { editHelpers } from './edit-helpers';

/** Dropped and pasted copies land a little below-right of their originals. */
const PASTE_OFFSET = 40;

/** Manual positions of the originals, shifted, for their copies. */
function offsetCopies(positions: Readonly<Record<string, XY>>, idMap: Record<string, string>): Record<string, XY> | undefined {
  let out: Record<string, XY> | undefined;
  for (const [from, to] of Object.entries(idMap)) {
    const at = positions[from];
    if (at) (out ??= { ...positions })[to] = { x: at.x + PASTE_OFFSET, y: at.y + PASTE_OFFSET };
  }
  return out;
}

/** Copy, paste and duplicate of the selected steps; copies get fresh ids and are selected. */
export const createClipboard: SliceCreator<Pick<EditingSlice, 'clipboard' | 'copySelection' | 'pasteClipboard' | 'duplicateSelection'>> = (set, get) => {
  const { edit, selectSteps, selectedStepIds } = editHelpers(get);
  return {
    clipboard: null,
    copySelection: () => {
      const doc = planDocumentOf(get().document);
      const ids = selectedStepIds();
      if (!doc || ids.length === 0) return null;
      const payload = copySteps(doc, ids);
      set({ clipboard: payload });
      get().toast({ tone: 'info', message: `Copied ${payload.steps.length} step${payload.steps.length === 1 ? '' : 's'}` });
      return payload;
    },
    pasteClipboard: (payload = get().clipboard, at = {}) => {
      if (payload == null) return [];
      const result = edit('Paste', (doc) => pasteSteps(doc, payload, at), { positions: (p, r) => offsetCopies(p, r.idMap) });
      if (!result) return [];
      selectSteps(result.pastedIds);
      return result.pastedIds;
    },
    duplicateSelection: () => {
      const ids = selectedStepIds();
      if (ids.length === 0) return [];
      const result = edit('Duplicate', (doc) => duplicateSteps(doc, ids), { positions: (p, r) => offsetCopies(p, r.idMap) });
      if (!result) return [];
      selectSteps(result.pastedIds);
      return result.pastedIds;
    },
  };
};
