import { useState } from 'react';
import { Plus } from 'lucide-react';
import {
  addItem,
  generationTraits,
  isLegacyItemType,
  ITEM_TYPES,
  moveItem,
  removeItem,
  setItemType,
  updateItem,
  type Generation,
  type SequenceItem,
} from '@planvas/shared';
import { useFileGeneration } from '../store/use-file-generation';
import { itemLook } from '../canvas/parts/item-looks';
import { CommitField, JsonField, NumberField, SelectField, TextField } from './fields';
import { ListEntryHeader } from './list-entry-header';
import { useStepUpdate } from './use-step-update';

type Props = {
  stepId: string;
  items: ReadonlyArray<SequenceItem>;
  /** The older `messages` list, when the step has one: shown, not edited here (the JSON editor edits it). */
  messages?: ReadonlyArray<unknown> | null | undefined;
};

/** The item types a new or changed item can take in this file: its generation's loader refuses some (coding-agent-loop: scripted). */
function offeredTypes(generation: Generation | undefined): string[] {
  if (!generation) return [...ITEM_TYPES];
  const traits = generationTraits(generation);
  return ITEM_TYPES.filter((type) => !traits.refusedItemTypes.includes(type) && (type !== 'scripted' || traits.scriptedItems));
}

const typeOptions = (offered: readonly string[], current: string) => {
  const options = offered.map((type) => ({ value: type, label: itemLook(type).label }));
  // An older or unknown type stays selectable as itself, so showing the item does not change it.
  if (offered.includes(current)) return options;
  const why = isLegacyItemType(current)
    ? 'older type'
    : (ITEM_TYPES as readonly string[]).includes(current)
      ? "not accepted by this file's runtime"
      : 'unknown type';
  return [...options, { value: current, label: `${itemLook(current).label} (${why})` }];
};

/**
 * The items of a message_sequence / agent (or a newer orchestrating step) in the order they run:
 * add, remove, reorder, change type, and each type's own fields. Every change is one edit of the
 * step's `items`, checked by the shared schemas; fields the form does not show stay as written.
 */
export function ItemsEditor({ stepId, items, messages }: Props) {
  const { update, refused } = useStepUpdate(stepId);
  const offered = offeredTypes(useFileGeneration()?.generation);
  const [newType, setNewType] = useState<string>('user_message');
  const write = (next: SequenceItem[], coalesce?: string) => update({ items: next }, coalesce);
  const commit = (next: SequenceItem[]) => (write(next) ? undefined : refused());
  return (
    <div className="pv-items-editor" data-testid="items-editor">
      {(messages?.length ?? 0) > 0 && (
        <p className="pv-muted" data-testid="legacy-messages">
          This step also has the older <code>messages</code> list ({messages!.length} entr{messages!.length === 1 ? 'y' : 'ies'}); newer runtimes read it for
          migration only. Edit it in the step JSON below.
        </p>
      )}
      {items.length === 0 && <p className="pv-muted">No items yet: the agent gets the description alone.</p>}
      {items.map((item, index) => {
        const type = item.type?.trim() ? item.type : 'user_message';
        const look = itemLook(type);
        const Icon = look.icon;
        const name = item.id ?? `#${index + 1}`;
        const set = (patch: Record<string, unknown>, coalesce?: string) => write(updateItem(items, index, patch), coalesce && `item:${index}:${coalesce}`);
        const commitField = (patch: Record<string, unknown>) => commit(updateItem(items, index, patch));
        return (
          <div
            className={`pv-item${isLegacyItemType(type) ? ' is-legacy' : ''}`}
            key={`${item.id ?? ''}-${index}`}
            data-testid="item"
            data-item-id={item.id ?? undefined}
            data-item-type={type}
          >
            <ListEntryHeader
              noun="item"
              index={index}
              count={items.length}
              name={name}
              icon={<Icon size={13} aria-hidden className="pv-item__icon" />}
              onMove={(to) => write(moveItem(items, index, to))}
              onRemove={() => write(removeItem(items, index))}
            />
            <div className="pv-route__grid">
              <CommitField label="Item id" mono value={item.id ?? ''} onCommit={(id) => commitField({ id: id.trim() === '' ? undefined : id.trim() })} />
              <SelectField
                label="Type"
                value={type}
                options={typeOptions(offered, type)}
                onChange={(next) => write(setItemType(items, index, next))}
                testId="item-type"
              />
            </div>
            {isLegacyItemType(type) && <p className="pv-muted">“{type}” is an older item type: newer runtimes read it for migration only.</p>}
            <ItemTypeFields item={item} type={type} set={set} commit={commitField} />
          </div>
        );
      })}
      <div className="pv-row pv-row--fields">
        <SelectField label="New item" value={newType} options={typeOptions(offered, 'user_message')} onChange={setNewType} testId="new-item-type" />
        <button type="button" className="pv-button pv-button--add pv-items-editor__add" data-testid="add-item" onClick={() => write(addItem(items, newType))}>
          <Plus size={14} aria-hidden /> Add item
        </button>
      </div>
    </div>
  );
}

type FieldsProps = {
  item: SequenceItem;
  type: string;
  set(patch: Record<string, unknown>, coalesce?: string): void;
  commit(patch: Record<string, unknown>): string | undefined;
};

/** The fields each item type reads (agentworks' item structs); anything else stays in the step JSON. */
function ItemTypeFields({ item, type, set, commit }: FieldsProps) {
  const title = <TextField label="Title" value={item.title ?? ''} onChange={(title) => set({ title }, 'title')} />;
  const message = <TextField label="Message" multiline value={item.message ?? ''} onChange={(message) => set({ message }, 'message')} testId="item-message" />;
  // Applied on Enter / blur: a half-typed number or JSON value would be refused.
  const limit = (field: 'max_iterations' | 'max_corrections' | 'max_parallel', label: string, min: number, testId?: string) => (
    <NumberField label={label} integer min={min} value={item[field]} onCommit={(value) => commit({ [field]: value })} testId={testId} />
  );
  const json = (field: 'validation_schema' | 'scripted_steps', label: string, hint: string) => (
    <JsonField label={label} value={item[field] ?? undefined} onCommit={(value) => commit({ [field]: value })} hint={hint} />
  );
  switch (type) {
    case 'user_message':
    case 'message':
      return (
        <>
          {title}
          {message}
        </>
      );
    case 'foreach':
      return (
        <>
          {title}
          {message}
          <TextField
            label="Source SQL"
            multiline
            value={item.source_sql ?? ''}
            onChange={(source_sql) => set({ source_sql }, 'source_sql')}
            hint="One iteration per row it returns"
          />
          {limit('max_iterations', 'Max iterations', 1, 'item-max-iterations')}
        </>
      );
    case 'prevalidation':
      return (
        <>
          {title}
          {json('validation_schema', 'Validation schema', 'files and db checks that must pass before the next item')}
          {limit('max_corrections', 'Max corrections', 0)}
        </>
      );
    case 'scripted':
    case 'code':
      return (
        <>
          {title}
          {json('scripted_steps', 'Scripted steps', 'Each call: { id, step_id, parameters }')}
          {limit('max_parallel', 'Max parallel', 1)}
        </>
      );
    default:
      return <p className="pv-muted">An item type planvas does not know: edit it in the step JSON below.</p>;
  }
}
