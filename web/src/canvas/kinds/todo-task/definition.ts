import { ListTodo } from 'lucide-react';
import { delegatingContent } from '../../../flow/kind-parts/delegating-content';
import { stepDefinition } from '../../../flow/kind-parts/step-definition';

/** The palette's tooltip. */
const hint = 'Plans todos and delegates them to sub-agents';

export const todoTaskDefinition = stepDefinition({ kind: 'todo_task', label: 'Todo task', hint, icon: ListTodo, content: delegatingContent });
