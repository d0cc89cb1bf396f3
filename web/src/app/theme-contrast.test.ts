import { describe, expect, it } from 'vitest';
import { contrastRatio, mix, parseHex, type Rgb } from '../test/contrast';
import { readThemeTokens } from '../test/theme-tokens';

/**
 * The theme's colour pairs as the stylesheets use them, checked against WCAG AA in the light and
 * the dark theme: 4.5:1 for text, 3:1 for what is not text (focus ring, field borders, edges). The e2e spec runs
 * axe on real screens; this fails in a second, before any build, when a token is changed.
 */

const TEXT = 4.5;
const NON_TEXT = 3;

const KINDS = [
  'regular',
  'todo_task',
  'orchestration',
  'orchestrator',
  'agent',
  'message_sequence',
  'routing',
  'branch',
  'crew',
  'conditional',
  'decision',
  'human_input',
  'sub_agent',
  'opaque',
  'start',
  'end',
];
const STATUSES = ['pending', 'active', 'orchestrating', 'evaluating', 'completed', 'failed'];
const SURFACES = ['--pv-bg', '--pv-canvas', '--pv-surface', '--pv-surface-2', '--pv-surface-3'];

type Pair = { what: string; fg: Rgb; bg: Rgb; min: number };

function pairsOf(tokens: Record<string, string>): Pair[] {
  const c = (name: string): Rgb => {
    const value = tokens[name];
    if (value === undefined) throw new Error(`theme.css has no ${name}`);
    return parseHex(value);
  };
  const surface = c('--pv-surface');
  const canvas = c('--pv-canvas');
  const pairs: Pair[] = [];
  const text = (what: string, fg: Rgb, bg: Rgb) => pairs.push({ what, fg, bg, min: TEXT });

  for (const fg of ['--pv-text', '--pv-text-2'])
    for (const bg of [...SURFACES, '--pv-accent-soft', '--pv-warning-soft', '--pv-error-soft']) text(`${fg} on ${bg}`, c(fg), c(bg));
  // The quietest text (captions, counts, ids) on the panels' backgrounds and the open workflow's row.
  for (const bg of ['--pv-bg', '--pv-canvas', '--pv-surface', '--pv-surface-2', '--pv-accent-soft']) text(`--pv-text-3 on ${bg}`, c('--pv-text-3'), c(bg));

  // The accent as text (links, counts, selected tabs) and as a fill under text (Run, Save, primary buttons, its hover).
  for (const bg of [...SURFACES, '--pv-accent-soft']) text(`--pv-accent on ${bg}`, c('--pv-accent'), c(bg));
  text('--pv-on-fill on --pv-accent (the Run button)', c('--pv-on-fill'), c('--pv-accent'));
  text('--pv-on-fill on --pv-accent hovered', c('--pv-on-fill'), mix(c('--pv-accent'), 86, [0, 0, 0]));

  // Kinds: the node header's kind label on its tint (nodes.css, 8%) with the step number beside it, chips on a 14% tint.
  for (const kind of KINDS) {
    const k = c(`--pv-kind-${kind}`);
    const header = mix(k, 8, surface);
    text(`--pv-kind-${kind} on --pv-surface`, k, surface);
    text(`--pv-kind-${kind} on --pv-surface-2`, k, c('--pv-surface-2'));
    text(`--pv-kind-${kind} on its 14% tint`, k, mix(k, 14, surface));
    text(`--pv-kind-${kind} on its node header`, k, header);
    text(`--pv-text-3 on the ${kind} node header`, c('--pv-text-3'), header);
  }

  // Statuses as text on their 13-14% chips, and as a fill under the todo chips' text (todo-tree.css).
  for (const status of STATUSES) {
    const s = c(`--pv-status-${status}`);
    text(`--pv-status-${status} on --pv-surface`, s, surface);
    text(`--pv-status-${status} on its 14% chip`, s, mix(s, 14, surface));
    text(`--pv-on-fill on --pv-status-${status}`, c('--pv-on-fill'), s);
  }

  for (const [tone, soft] of [
    ['--pv-error', '--pv-error-soft'],
    ['--pv-warning', '--pv-warning-soft'],
  ] as const) {
    text(`${tone} on --pv-surface`, c(tone), surface);
    text(`${tone} on ${soft}`, c(tone), c(soft));
    text(`${tone} on its 14% chip`, c(tone), mix(c(tone), 14, surface));
  }

  // Branch and loop colours are text too: port labels, branch chips, the conflict diff's +/- lines.
  for (const edge of ['--pv-edge-yes', '--pv-edge-no', '--pv-edge-loop']) {
    text(`${edge} on --pv-surface`, c(edge), surface);
    text(`${edge} on --pv-surface-2`, c(edge), c('--pv-surface-2'));
    text(`${edge} on its 14% chip`, c(edge), mix(c(edge), 14, surface));
  }
  text('--pv-text-3 on a diff line added', c('--pv-text-3'), mix(c('--pv-edge-yes'), 14, surface));
  text('--pv-text-3 on a diff line removed', c('--pv-text-3'), mix(c('--pv-edge-no'), 12, surface));

  // Not text: the keyboard focus ring, the edge of a text field, and the edges that carry the plan's flow.
  for (const bg of ['--pv-bg', '--pv-canvas', '--pv-surface', '--pv-surface-2'])
    pairs.push({ what: `--pv-focus on ${bg}`, fg: c('--pv-focus'), bg: c(bg), min: NON_TEXT });
  for (const bg of ['--pv-bg', '--pv-surface', '--pv-surface-2'])
    pairs.push({ what: `--pv-border-control on ${bg}`, fg: c('--pv-border-control'), bg: c(bg), min: NON_TEXT });
  for (const edge of ['--pv-edge-flow', '--pv-edge-route', '--pv-edge-yes', '--pv-edge-no', '--pv-edge-loop'])
    pairs.push({ what: `${edge} on --pv-canvas`, fg: c(edge), bg: canvas, min: NON_TEXT });
  // The return edge is drawn at 0.85 opacity (canvas.css).
  pairs.push({ what: '--pv-edge-return on --pv-canvas', fg: mix(c('--pv-edge-return'), 85, canvas), bg: canvas, min: NON_TEXT });
  return pairs;
}

function failures(tokens: Record<string, string>): string[] {
  return pairsOf(tokens)
    .map((p) => ({ ...p, ratio: contrastRatio(p.fg, p.bg) }))
    .filter((p) => p.ratio < p.min)
    .map((p) => `${p.what}: ${p.ratio.toFixed(2)}:1 < ${p.min}:1`);
}

describe('the theme meets WCAG AA contrast', () => {
  const tokens = readThemeTokens();

  it.each(['light', 'dark'] as const)('%s theme: every text pair 4.5:1, focus ring and edges 3:1', (theme) => {
    expect(failures(tokens[theme])).toEqual([]);
  });

  it('the Run button (text on the accent fill) reads in both themes', () => {
    for (const theme of ['light', 'dark'] as const) {
      expect(contrastRatio(parseHex(tokens[theme]['--pv-on-fill']!), parseHex(tokens[theme]['--pv-accent']!))).toBeGreaterThanOrEqual(TEXT);
    }
  });

  it('fails when a pair falls short: white on the dark accent, as the Run button was', () => {
    expect(failures({ ...tokens.dark, '--pv-on-fill': '#ffffff', '--pv-accent': '#a78bfa' })).toContain(
      '--pv-on-fill on --pv-accent (the Run button): 2.72:1 < 4.5:1',
    );
  });
});
