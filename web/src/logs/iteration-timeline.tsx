import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDownToLine } from 'lucide-react';
import type { PlanvasEvent, IterationGrouping } from '@planvas/shared';
import { IterationGroupRow, StepCompletedSummary } from './iteration-group-row';
import { stepCompletedCounts } from './lineage';
import { filtersActive, groupIteration, groupMatches, type LogFilters, type LogGroup } from './log-model';
import { NoMatches } from './no-matches';

type Row = { kind: 'group'; key: string; group: LogGroup } | { kind: 'completed'; key: string; event: PlanvasEvent };

export type IterationTimelineProps = {
  grouping: IterationGrouping<PlanvasEvent>;
  filters: LogFilters;
  /** Follow the newest iteration as it arrives, until the user scrolls up. */
  live: boolean;
  /** Iteration whose snapshot is shown (0 = planning), if any. */
  selectedIteration?: number | null;
  onSelectIteration?: (group: LogGroup) => void;
  /** Accessible name of the scrolling list. */
  label: string;
  className?: string;
  /** Empties the search box (offered when the search finds nothing). */
  onClearSearch?: () => void;
  /** Resets every filter (offered when the filters together leave nothing). */
  onClearFilters?: () => void;
};

/** Distance from the bottom (px) within which the list counts as "at the newest entry". */
const FOLLOW_SLACK = 48;

/**
 * The timeline of iteration groups, virtualised: only the rows in view (plus a few) are in the
 * DOM, each measured as it renders, so 10,000 iterations scroll as smoothly as ten. While `live`,
 * it keeps the newest row in view unless the user has scrolled away from the bottom; scrolling
 * back down resumes following.
 */
export function IterationTimeline(props: IterationTimelineProps) {
  const { grouping, filters, live, selectedIteration = null, onSelectIteration, label, className, onClearSearch, onClearFilters } = props;
  const rows = useMemo<Row[]>(() => {
    const out: Row[] = [];
    for (const group of grouping.groups) if (groupMatches(group, filters)) out.push({ kind: 'group', key: group.key, group });
    // A step's closing summary is no answer to a search: with nothing else matching, the list says so instead.
    if (out.length > 0 || !filtersActive(filters))
      for (const event of grouping.completions) out.push({ kind: 'completed', key: `completed-${event.seq}`, event });
    return out;
  }, [grouping, filters]);

  const scrollRef = useRef<HTMLDivElement>(null);
  // Following the newest row. Rows are measured as they render, so the end moves after every
  // scroll to it; while following, each change of the list (new rows, measured heights) puts the
  // view back at the end. Only the user stops the following (wheel, keys, touch, the scrollbar):
  // the list's own scrolling passes through positions short of the end and must not count.
  // Scrolling back to the end resumes it.
  const following = useRef(live);
  const userScrolledAt = useRef(Number.NEGATIVE_INFINITY);
  const [atEnd, setAtEnd] = useState(true);
  const stickToEnd = useCallback(() => {
    const el = scrollRef.current;
    if (!el || !following.current) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight > 1) el.scrollTop = el.scrollHeight;
  }, []);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 200,
    overscan: 4,
    getItemKey: (index) => rows[index]?.key ?? index,
    onChange: () => {
      if (following.current) requestAnimationFrame(stickToEnd);
    },
  });
  useEffect(() => {
    following.current = live && (following.current || atEnd);
  }, [live, atEnd]);

  // A live run opens at its newest iteration; a finished one at its first.
  useLayoutEffect(() => {
    if (following.current && rows.length > 0) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  }, [rows.length, virtualizer]);

  const markUserScroll = useCallback(() => {
    userScrolledAt.current = performance.now();
  }, []);
  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const end = el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_SLACK;
    if (end) following.current = live;
    else if (performance.now() - userScrolledAt.current < 1000) following.current = false;
    setAtEnd(end || following.current);
  }, [live]);

  const items = virtualizer.getVirtualItems();
  // Nothing found is said beside the feed, not in it: a feed holds articles only.
  const nothingFound = rows.length === 0 && grouping.groups.length > 0 && filtersActive(filters);
  if (nothingFound) {
    return (
      <div className={`pv-timeline ${className ?? ''}`}>
        {filters.search.trim() ? (
          <NoMatches query={filters.search.trim()} {...(onClearSearch ? { onClear: onClearSearch } : {})} />
        ) : (
          <NoMatches message="No iteration matches the filters" {...(onClearFilters ? { onClear: onClearFilters } : {})} clearLabel="Clear filters" />
        )}
      </div>
    );
  }
  return (
    <div className={`pv-timeline ${className ?? ''}`}>
      <div
        ref={scrollRef}
        className="pv-timeline__scroll"
        onScroll={onScroll}
        onWheel={markUserScroll}
        onTouchMove={markUserScroll}
        onKeyDown={markUserScroll}
        onPointerDown={markUserScroll}
        tabIndex={0}
        role="feed"
        aria-label={label}
        aria-busy={live}
        data-virtual-scroll=""
      >
        {rows.length === 0 ? (
          <p className="pv-muted pv-timeline__empty">No iterations yet.</p>
        ) : (
          <div className="pv-timeline__canvas" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <div
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className="pv-timeline__row"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  {row.kind === 'group' ? (
                    <IterationGroupRow
                      group={row.group}
                      selected={selectedIteration !== null && groupIteration(row.group) === selectedIteration}
                      {...(onSelectIteration ? { onSelect: onSelectIteration } : {})}
                    />
                  ) : (
                    <StepCompletedSummary event={row.event} counts={stepCompletedCounts(grouping, row.event)} />
                  )}
                </div>
              );
            })}
          </div>
        )}
      </div>
      {live && !atEnd && rows.length > 0 ? (
        <button
          type="button"
          className="pv-timeline__jump"
          onClick={() => {
            following.current = true;
            setAtEnd(true);
            virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
          }}
        >
          <ArrowDownToLine size={13} aria-hidden /> Newest
        </button>
      ) : null}
    </div>
  );
}
