import type { Plan, Step } from '@planvas/shared';

/**
 * A connected synthetic plan of `count` main steps in the shape issue 3's performance goal names:
 * every fourth step is a todo_task with 3 predefined routes (a sub-agent each), the rest regular
 * steps, and every 50 steps a decision that loops back 10 steps when it fails (plans have loops).
 * Every step is reachable from the first and the plan has no problems: a plan of unreachable
 * islands would be laid out as separate components, which is not what users open.
 */
export function generateBigPlan(count: number): Plan {
  const steps: Step[] = [];
  const idOf = (i: number) => `step-${i}`;
  for (let i = 0; i < count; i++) {
    const id = idOf(i);
    const previousOutput = i > 0 ? [`stage-${i - 1}.json`] : [];
    const common = { id, context_dependencies: previousOutput, context_output: `stage-${i}.json` };
    if (i % 4 === 1) {
      steps.push({
        ...common,
        type: 'todo_task',
        title: `Todo task ${i}`,
        description: `Plan the todos of stage ${i} and delegate each to the route that fits.`,
        enable_generic_agent: false,
        predefined_routes: [0, 1, 2].map((r) => ({
          route_id: `route-${r}`,
          route_name: `Route ${r}`,
          condition: `When the todo is of kind ${r}`,
          sub_agent_step: { type: 'regular', id: `${id}-agent-${r}`, title: `Agent ${r} of stage ${i}`, description: 'Carries out one todo.' },
        })),
      });
    } else if (i % 50 === 47 && i >= 10) {
      steps.push({
        ...common,
        type: 'decision',
        title: `Check stage ${i}`,
        description: `Decide whether stage ${i} is good enough to go on.`,
        decision_evaluation_question: 'Does the stage meet its success criteria?',
        if_true_next_step_id: i + 1 < count ? idOf(i + 1) : 'end',
        if_false_next_step_id: idOf(i - 10),
      });
    } else {
      steps.push({ ...common, type: 'regular', title: `Step ${i}`, description: `Regular work of stage ${i}.` });
    }
  }
  return { objective: `Generated plan of ${count} steps`, steps };
}
