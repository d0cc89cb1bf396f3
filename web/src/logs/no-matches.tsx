import { SearchX } from 'lucide-react';

type Props = {
  /** The words searched for; without them the filters are what found nothing (`message` says so). */
  query?: string;
  message?: string;
  onClear?: () => void;
  clearLabel?: string;
};

/**
 * What a search that finds nothing says instead of an empty list (the iterations and the all-events
 * views): the words searched for, and a way back to everything. A status, so a screen reader hears
 * it as the user types.
 */
export function NoMatches({ query, message = 'Nothing matches the filters', onClear, clearLabel = 'Clear search' }: Props) {
  return (
    <div className="pv-no-matches" role="status" data-testid="no-matches">
      <SearchX size={18} aria-hidden />
      <p>{query ? `No matches for “${query}”` : message}</p>
      {onClear ? (
        <button type="button" className="pv-button pv-button--small" onClick={onClear}>
          {clearLabel}
        </button>
      ) : null}
    </div>
  );
}
