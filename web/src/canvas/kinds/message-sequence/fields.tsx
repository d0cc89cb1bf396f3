import type { MessageSequenceStep } from '@planvas/shared';
import { delegatingFields } from '../../../forms/delegating-fields';

/** One conversation fed its items in order: the items come first. */
export const MessageSequenceFields = delegatingFields<MessageSequenceStep>({ itemsFirst: true });
