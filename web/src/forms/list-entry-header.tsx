import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';

type Props = {
  /** What the list holds, as the buttons name it ("Move route review down"). */
  noun: string;
  index: number;
  /** How many entries the list has (the last cannot move down). */
  count: number;
  name: string;
  /** Drawn between the number and the name (an item's type). */
  icon?: ReactNode;
  onMove(to: number): void;
  onRemove(): void;
};

const MOVES = [
  { direction: 'up', by: -1, Icon: ArrowUp },
  { direction: 'down', by: 1, Icon: ArrowDown },
] as const;

/** The head of one entry of an ordered list in the inspector (a route, an item): its number and name, move up / down, remove. */
export function ListEntryHeader({ noun, index, count, name, icon, onMove, onRemove }: Props) {
  return (
    <div className="pv-route__header">
      <span className="pv-route__index">{index + 1}</span>
      {icon}
      {/* Cut to one line beside the buttons: the whole name is its tooltip. */}
      <span className="pv-route__name" title={name}>
        {name}
      </span>
      {MOVES.map(({ direction, by, Icon }) => (
        <button
          key={direction}
          type="button"
          className="pv-icon-button pv-icon-button--small"
          aria-label={`Move ${noun} ${name} ${direction}`}
          disabled={index + by < 0 || index + by >= count}
          onClick={() => onMove(index + by)}
        >
          <Icon size={13} />
        </button>
      ))}
      <button type="button" className="pv-icon-button pv-icon-button--small pv-danger" aria-label={`Remove ${noun} ${name}`} onClick={onRemove}>
        <Trash2 size={13} />
      </button>
    </div>
  );
}
