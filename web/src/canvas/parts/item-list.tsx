import { itemLook } from './item-looks';
import { isLegacyItemType, type SequenceItem } from '@planvas/shared';
import { ITEMS_SHOWN, listedItems } from '../../flow/kind-parts/delegating-content';
import { excerpt } from './text';

/** What an item row says after its type: its title, its message, or the scripts it calls. */
function itemSummary(item: SequenceItem): string {
  if (item.title?.trim()) return item.title;
  if (item.message?.trim()) return excerpt(item.message, 80);
  const calls = (item.scripted_steps ?? [])
    .map((call) => (typeof call === 'object' && call !== null ? (call as { step_id?: unknown }).step_id : undefined))
    .filter((id): id is string => typeof id === 'string');
  if (calls.length > 0) return calls.join(', ');
  return item.id ?? '';
}

/**
 * The items of a message_sequence or agent step in the order they run, one row each with its type's
 * icon; a foreach shows its max iterations, older item names (and the older `messages` list) are
 * marked. Rows past ITEMS_SHOWN are counted, not drawn (the node's size is fixed by the count).
 */
export function ItemList({ step }: { step: { items?: ReadonlyArray<SequenceItem> | null; messages?: ReadonlyArray<unknown> | null } }) {
  const { items, legacyMessages } = listedItems(step);
  if (items.length === 0) return null;
  const hidden = items.length - ITEMS_SHOWN;
  return (
    <ol className="pv-items" data-testid="item-list" aria-label={legacyMessages ? 'Messages (older form)' : 'Items'}>
      {items.slice(0, ITEMS_SHOWN).map((item, i) => {
        const type = item.type?.trim() ? item.type : 'user_message';
        const look = itemLook(type);
        const older = legacyMessages || isLegacyItemType(type);
        const Icon = look.icon;
        return (
          <li key={`${item.id ?? ''}-${i}`} className={`pv-items__row${older ? ' is-legacy' : ''}`} data-testid="item-row" data-item-type={type}>
            <Icon size={11} aria-hidden className="pv-items__icon" />
            <span className="pv-items__type">{look.label}</span>
            {type === 'foreach' && typeof item.max_iterations === 'number' && (
              <span className="pv-items__count" data-testid="foreach-max" title={`At most ${item.max_iterations} iterations`}>
                ×{item.max_iterations}
              </span>
            )}
            <span className="pv-items__summary" title={itemSummary(item)}>
              {itemSummary(item)}
            </span>
            {older && (
              <span
                className="pv-items__legacy"
                data-testid="legacy-item"
                title={
                  legacyMessages
                    ? 'In the older `messages` list: newer runtimes read it for migration only'
                    : `"${type}" is an older item type: newer runtimes read it for migration only`
                }
              >
                older
              </span>
            )}
          </li>
        );
      })}
      {hidden > 0 && (
        <li className="pv-items__row pv-items__row--more" data-testid="items-more">
          +{hidden} more item{hidden === 1 ? '' : 's'}
        </li>
      )}
    </ol>
  );
}
