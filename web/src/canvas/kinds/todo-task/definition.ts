import { ListTodo } from 'lucide-react';
import { inputHandle, railHandles, sizeWithRail } from '../../handles';
import type { NodeDefinition } from '../../node-definition';
import type { TodoTaskData } from '../../node-data';
import { delegationOutputs } from '../route-outputs';

export const TODO_TASK_CONTENT = { width: 300, height: 154 };

const outputs = (data: TodoTaskData) => delegationOutputs(data.step.predefined_routes, data.step.enable_generic_agent === true, true);

export const todoTaskDefinition: NodeDefinition<'todo_task'> = {
  kind: 'todo_task',
  label: 'Todo task',
  icon: ListTodo,
  size: (data, direction) => sizeWithRail(TODO_TASK_CONTENT, outputs(data).length, direction),
  handles(data, direction) {
    const size = this.size(data, direction);
    return [inputHandle(size, direction), ...railHandles(outputs(data), TODO_TASK_CONTENT.height, size, direction)];
  },
};
