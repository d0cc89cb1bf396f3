import type { Plan, Step } from '@planvas/shared';

/**
 * A synthetic plan of `count` main steps: every fourth is a todo_task with 3 routes (the shape of
 * the performance goal), the rest regular steps, with a backward jump every 50 steps.
 */
export function generatePlan(count: number): Plan {
  const steps: Step[] = [];
  for (let i = 0; i < count; i++) {
    const id = `step-${i}`;
    if (i % 4 === 1) {
      steps.push({
        type: 'todo_task',
        id,
        title: `Todo task ${i}`,
        description: `Plan and run the todos of stage ${i}.`,
        predefined_routes: [0, 1, 2].map((r) => ({
          route_id: `route-${r}`,
          route_name: `Route ${r}`,
          condition: `When todo kind ${r}`,
          sub_agent_step: { type: 'regular', id: `${id}-agent-${r}`, title: `Agent ${r} of ${i}`, description: 'Does one todo.' },
        })),
      });
    } else {
      steps.push({
        type: 'regular',
        id,
        title: `Step ${i}`,
        description: `Regular work of stage ${i}.`,
        ...(i % 50 === 49 ? { next_step_id: `step-${i - 10}` } : {}),
      });
    }
  }
  return { objective: `Generated plan of ${count} steps`, steps };
}
