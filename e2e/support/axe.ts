import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The two colour schemes planvas follows (theme.css reads `prefers-color-scheme`; the OS switches it). */
export type Theme = 'light' | 'dark';
export const THEMES: readonly Theme[] = ['light', 'dark'];

/** WCAG 2.0, 2.1 and 2.2 success criteria, levels A and AA: what axe checks here. */
const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** What blocks people: axe's two worst impacts. Moderate and minor ones are printed but do not fail. */
const BLOCKING = new Set(['serious', 'critical']);

export type AxeFinding = { id: string; impact: string; help: string; elements: number; nodes: string[] };

/**
 * One line per distinct failure (axe's summary: for contrast, the colours and the ratio), with how
 * many elements have it and a few of them: a colour used all over the page is one line, not fifty.
 */
function describeNodes(nodes: ReadonlyArray<{ target: unknown; failureSummary?: string | undefined }>): string[] {
  const bySummary = new Map<string, string[]>();
  for (const n of nodes) {
    const summary = (n.failureSummary ?? '')
      .replace(/^Fix (any|all) of the following:\s*/, '')
      .replace(/\s+/g, ' ')
      .trim();
    bySummary.set(summary, [...(bySummary.get(summary) ?? []), JSON.stringify(n.target)]);
  }
  return [...bySummary].map(([summary, targets]) => `${summary} ×${targets.length}: ${targets.slice(0, 3).join(' ')}`);
}

/**
 * Runs axe on the page as it is now and returns its WCAG A/AA violations, worst first. Nothing is
 * excluded, third-party markup included (React Flow's panes, handles and attribution link): what a
 * person meets on the screen is checked whoever wrote it.
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA_TAGS).analyze();
  return results.violations
    .map((v) => ({ id: v.id, impact: v.impact ?? 'unknown', help: v.help, elements: v.nodes.length, nodes: describeNodes(v.nodes) }))
    .sort((a, b) => Number(BLOCKING.has(b.impact)) - Number(BLOCKING.has(a.impact)));
}

export const blocking = (findings: readonly AxeFinding[]): AxeFinding[] => findings.filter((f) => BLOCKING.has(f.impact));

/** A readable report of findings, for the test's failure message and its log. */
export function formatFindings(screen: string, findings: readonly AxeFinding[]): string {
  if (findings.length === 0) return `axe ${screen}: no violation`;
  const lines = findings.flatMap((f) => [`  [${f.impact}] ${f.id}: ${f.help} (${f.elements} elements)`, ...f.nodes.map((n) => `      ${n}`)]);
  return `axe ${screen}: ${blocking(findings).length} serious/critical of ${findings.length}\n${lines.join('\n')}`;
}
