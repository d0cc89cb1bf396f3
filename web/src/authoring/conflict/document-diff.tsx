import { useMemo } from 'react';
import { diffHunks, diffLines, diffStats } from './line-diff';

/**
 * Two versions of one JSON document as a line diff: `-` lines only in `before`, `+` lines only in
 * `after`. Both are printed the same way (2-space JSON) so only content differs.
 */
export function DocumentDiff({ name, before, after }: { name: string; before: unknown; after: unknown }) {
  const lines = useMemo(() => diffLines(toText(before), toText(after)), [before, after]);
  const stats = diffStats(lines);
  const hunks = useMemo(() => diffHunks(lines, 3), [lines]);
  return (
    <section className="pv-diff" data-testid="document-diff" data-document={name}>
      <header className="pv-diff__header">
        <code>{name}</code>
        {stats.added + stats.removed === 0 ? (
          <span className="pv-muted">same on both sides</span>
        ) : (
          <span>
            <span className="pv-diff__del">−{stats.removed}</span> <span className="pv-diff__add">+{stats.added}</span>
          </span>
        )}
      </header>
      {stats.added + stats.removed > 0 && (
        // A table of rows of cells (what role="table" requires); focusable, so the keyboard can scroll it.
        <div className="pv-diff__body" role="table" aria-label={`Differences in ${name}`} tabIndex={0}>
          {hunks.map((hunk, h) =>
            hunk.kind === 'skip' ? (
              <div key={h} className="pv-diff__skip" role="row">
                <span role="cell">
                  ⋯ {hunk.count} unchanged line{hunk.count === 1 ? '' : 's'}
                </span>
              </div>
            ) : (
              hunk.lines.map((line, i) => (
                <div key={`${h}-${i}`} className={`pv-diff__line pv-diff__line--${line.kind}`} role="row" data-kind={line.kind}>
                  <span className="pv-diff__no" role="cell">
                    {line.oldNo ?? ''}
                  </span>
                  <span className="pv-diff__no" role="cell">
                    {line.newNo ?? ''}
                  </span>
                  <span className="pv-diff__sign" role="cell">
                    {line.kind === 'add' ? '+' : line.kind === 'del' ? '−' : ' '}
                  </span>
                  <span className="pv-diff__text" role="cell">
                    {line.text}
                  </span>
                </div>
              ))
            ),
          )}
        </div>
      )}
    </section>
  );
}

function toText(value: unknown): string {
  return value == null ? '' : `${JSON.stringify(value, null, 2)}\n`;
}
