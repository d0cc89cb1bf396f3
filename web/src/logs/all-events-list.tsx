import { useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { GitBranch } from 'lucide-react';
import type { PlanvasEvent } from '@planvas/shared';
import { branchChoiceOf, branchChoiceText, eventsMatching } from './event-search';
import { NoMatches } from './no-matches';
import { RawJson } from './raw-json';

/**
 * One line for any event, known or an external runtime's own: the values of a few keys many
 * payloads share, read as plain values (this is display of whatever was stored, not a typed
 * read; the raw JSON is one click away).
 */
function summary(event: PlanvasEvent): string {
  const d: Readonly<Record<string, unknown>> = event.data;
  const parts: string[] = [];
  for (const key of ['step_id', 'status', 'carried_over_from', 'route_id', 'todo_id', 'title', 'next_action', 'iteration', 'reason', 'question', 'answer']) {
    const value = d[key];
    if (typeof value === 'string' || typeof value === 'number') parts.push(`${key}=${value}`);
  }
  return parts.join(' · ');
}

/** One event's line: seq, time, type, then what it says (a branch's choice in words, else its key values). */
function EventLine({ event }: { event: PlanvasEvent }) {
  const branch = branchChoiceOf(event);
  const rest = branch ? (branch.reason ?? '') : summary(event);
  const time = event.timestamp.slice(11, 23);
  // The line is cut to the list's width: the whole of it is in the tooltip.
  const full = [`#${event.seq}`, time, event.type, branch ? branchChoiceText(branch) : '', rest].filter(Boolean).join('  ');
  return (
    <div className="pv-events__line" title={full}>
      <span className="pv-events__seq">#{event.seq}</span>
      <time dateTime={event.timestamp}>{time}</time>
      <strong>{event.type}</strong>
      {branch ? (
        <span className="pv-events__choice" data-testid="branch-choice">
          <GitBranch size={12} aria-hidden />
          {branch.stepId} took <b>{branch.choice}</b>
          {branch.handle !== branch.choice ? ` (handle ${branch.handle})` : ''} → {branch.target}
        </span>
      ) : null}
      {rest ? <span className="pv-muted">{rest}</span> : null}
    </div>
  );
}

/**
 * Every event of the run in seq order (the whole-run view), virtualised like the timeline, with a
 * search over each event's type, step id and payload.
 */
export function AllEventsList({ events, live }: { events: ReadonlyArray<PlanvasEvent>; live: boolean }) {
  const [query, setQuery] = useState('');
  // Typing stays responsive on a 10,000-event run: the list filters a keystroke behind if it must.
  const searched = useDeferredValue(query);
  const shown = useMemo(() => eventsMatching(events, searched), [events, searched]);
  const inputRef = useRef<HTMLInputElement>(null);
  const clear = () => {
    setQuery('');
    inputRef.current?.focus();
  };
  return (
    <>
      <div className="pv-logs__filters" role="search">
        <input
          ref={inputRef}
          type="search"
          placeholder="Search events: type, step id, payload…"
          aria-label="Search the events"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        {searched.trim() && shown.length > 0 ? (
          <span className="pv-muted pv-events__count" data-testid="events-matching">
            {shown.length} of {events.length}
          </span>
        ) : null}
      </div>
      {shown.length === 0 && searched.trim() ? <NoMatches query={searched.trim()} onClear={clear} /> : <EventRows events={shown} live={live} />}
    </>
  );
}

function EventRows({ events, live }: { events: ReadonlyArray<PlanvasEvent>; live: boolean }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: events.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 52,
    overscan: 8,
    getItemKey: (index) => events[index]?.seq ?? index,
  });
  const following = useRef(live);
  useLayoutEffect(() => {
    if (following.current && events.length > 0) virtualizer.scrollToIndex(events.length - 1, { align: 'end' });
  }, [events.length, virtualizer]);
  return (
    <div
      ref={scrollRef}
      className="pv-events__scroll"
      role="log"
      aria-label="All events"
      data-virtual-scroll=""
      onScroll={(e) => {
        const el = e.currentTarget;
        following.current = live && el.scrollHeight - el.scrollTop - el.clientHeight < 48;
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const event = events[item.index];
          if (!event) return null;
          return (
            <div
              key={event.seq}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className="pv-events__row"
              data-testid="event-row"
              data-seq={event.seq}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <EventLine event={event} />
              <RawJson value={event} fileName={`event-${event.seq}`} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
