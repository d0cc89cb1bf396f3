import { useLayoutEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { PlanvasEvent } from '@planvas/shared';
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

/** Every event of the run in seq order (the whole-run view), virtualised like the timeline. */
export function AllEventsList({ events, live }: { events: ReadonlyArray<PlanvasEvent>; live: boolean }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: events.length, getScrollElement: () => scrollRef.current, estimateSize: () => 52, overscan: 8 });
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
              <div className="pv-events__line">
                <span className="pv-events__seq">#{event.seq}</span>
                <time dateTime={event.timestamp}>{event.timestamp.slice(11, 23)}</time>
                <strong>{event.type}</strong>
                <span className="pv-muted">{summary(event)}</span>
              </div>
              <RawJson value={event} fileName={`event-${event.seq}`} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
