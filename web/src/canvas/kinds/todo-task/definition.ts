import { ListTodo } from 'lucide-react';
import { delegatingContent } from '../../../flow/kind-parts/delegating-content';
import { stepDefinition } from '../../../flow/kind-parts/step-definition';

export const todoTaskDefinition = stepDefinition({
  kind: 'todo_task',
  label: 'Todo task',
  hint: 'Plans todos and delegates them to sub-agents',
  icon: ListTodo,
  content: delegatingContent,
});
