/** Every keyboard shortcut of the editor, for the help overlay (the handler lives in authoring/use-shortcuts.ts). */
export type Shortcut = { keys: string[]; does: string };

export const SHORTCUTS: Array<{ group: string; items: Shortcut[] }> = [
  {
    group: 'Document',
    items: [
      { keys: ['Ctrl', 'S'], does: 'Save plan.json and step_config.json' },
      { keys: ['Ctrl', 'Z'], does: 'Undo (edits and layout changes)' },
      { keys: ['Ctrl', 'Shift', 'Z'], does: 'Redo (also Ctrl+Y)' },
    ],
  },
  {
    group: 'Selection',
    items: [
      { keys: ['Click'], does: 'Select a step; the inspector opens' },
      { keys: ['Shift', 'Click'], does: 'Add to the selection (or drag a box with Shift)' },
      { keys: ['Ctrl', 'A'], does: 'Select every step' },
      { keys: ['Esc'], does: 'Clear the selection, close menus' },
    ],
  },
  {
    group: 'Editing',
    items: [
      { keys: ['Delete'], does: 'Delete the selected steps or connections (also Backspace)' },
      { keys: ['Ctrl', 'C'], does: 'Copy the selected steps' },
      { keys: ['Ctrl', 'X'], does: 'Cut the selected steps' },
      { keys: ['Ctrl', 'V'], does: 'Paste steps (new ids)' },
      { keys: ['Ctrl', 'D'], does: 'Duplicate the selected steps' },
      { keys: ['Right-click'], does: 'Menu for a step, a connection or the canvas' },
    ],
  },
  {
    group: 'Help',
    items: [{ keys: ['?'], does: 'Show this list' }],
  },
];
