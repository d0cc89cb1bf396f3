import type { AgentStep } from '@planvas/shared';
import { delegatingFields } from '../../../forms/delegating-fields';

/** An agent runs its items in order (the editor shows even with none yet); with routes it orchestrates them as a todo_task does. */
export const AgentFields = delegatingFields<AgentStep>({ itemsFirst: true });
