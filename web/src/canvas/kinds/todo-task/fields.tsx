import type { TodoTaskStep } from '@planvas/shared';
import { delegatingFields } from '../../../forms/delegating-fields';

export const TodoTaskFields = delegatingFields<TodoTaskStep>({ itemsFirst: false });
