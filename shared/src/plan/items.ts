import { z } from 'zod';
import { ValidationSchema, optional } from './common';

/**
 * Item types of message_sequence / agent steps. `message` is the older name of `user_message`;
 * `code` items are older still and load only for migration (the runtime converts them).
 */
export const ITEM_TYPES = ['user_message', 'prevalidation', 'foreach', 'scripted'] as const;
export const LEGACY_ITEM_TYPES = ['message', 'code'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** One item of a step's `items`, run in order. Unknown keys (and unknown item types) are kept. */
export const SequenceItem = z.looseObject({
  id: optional(z.string()),
  type: optional(z.string()),
  kind: optional(z.string()),
  title: optional(z.string()),
  message: optional(z.string()),
  write_access: optional(z.unknown()),
  validation_schema: optional(ValidationSchema),
  prevalidation: optional(z.unknown()),
  source_sql: optional(z.string()),
  max_iterations: optional(z.number()),
  scripted_steps: optional(z.array(z.unknown())),
  max_parallel: optional(z.number()),
  max_corrections: optional(z.number()),
});
export type SequenceItem = z.infer<typeof SequenceItem>;

/** The older form of a step's prompts: `messages` instead of `items`. Entries are kept as written. */
export const SequenceMessages = z.array(z.unknown());

/** Whether an item uses a name the newer runtimes only read for migration. */
export function isLegacyItemType(type: string | null | undefined): boolean {
  return type != null && (LEGACY_ITEM_TYPES as readonly string[]).includes(type);
}
