import type { TodoTaskStep } from '@planvas/shared';
import { delegatingFields } from '../delegating-fields';

export const TodoTaskFields = delegatingFields<TodoTaskStep>({ itemsFirst: false });
