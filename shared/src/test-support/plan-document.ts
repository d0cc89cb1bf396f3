/**
 * Test support (not exported from the package): the plan document the writer's tests edit, as a
 * real writer stores it, and helpers to compare the text before and after an edit.
 */
import type { JsonSource } from '../json-format/json-source';
import { parseJsonSource } from '../json-format/parse-json-source';

/** The lines that differ once the common leading and trailing lines are set aside. */
export function lineDiff(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { removed: a.slice(head, a.length - tail), added: b.slice(head, b.length - tail) };
}

/** What the client sends back: a fresh JSON.parse'd copy (integer-like keys moved first). */
export function roundTripped<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export interface PlanStep {
  id: string;
  type: string;
  title: string;
  [key: string]: unknown;
}

function makePlan(): { objective: string; steps: PlanStep[]; workflow_optimized: boolean } {
  return {
    objective: 'Ship the release',
    steps: [
      {
        id: 'collect',
        type: 'regular',
        title: 'Collect requirements',
        description: 'Ask everyone — «quoted» and ünïcødé',
        context_dependencies: [],
        context_output: ['requirements.json'],
        has_loop: false,
      },
      {
        id: 'ask',
        type: 'human_input',
        title: 'Approve?',
        question: 'Go ahead?',
        // Renamed by planText: a JS literal would put "2" before "reject".
        option_routes: { '0': 'build', __reject__: 'collect', __2__: 'end' },
        next_step_id: 'build',
      },
      {
        id: 'build',
        type: 'todo_task',
        title: 'Build it',
        predefined_routes: [
          { route_id: 'code', route_name: 'Code', condition: 'code work', sub_agent_step: { id: 'code_sub', title: 'Code' } },
          { route_id: 'docs', route_name: 'Docs', condition: 'docs work', sub_agent_step: { id: 'docs_sub', title: 'Docs' } },
        ],
        validation_schema: {
          files: [{ file_name: 'out.json', must_exist: true, json_checks: [{ path: 'items', must_exist: true, min_length: 1 }] }],
        },
      },
      { id: 'ship', type: 'regular', title: 'Ship', max_iterations: 3 },
    ],
    workflow_optimized: true,
  };
}

/** The plan as a real writer stores it, with option_routes in the order "0", "reject", "2". */
export function writePlan(indent: string | number = 2): string {
  return JSON.stringify(makePlan(), null, indent).replace('"__reject__"', '"reject"').replace('"__2__"', '"2"');
}

export type Plan = ReturnType<typeof makePlan>;

export const planText = `${writePlan()}\n`;

/** The plan as the client sends it back after an edit. */
export function planValue(text = planText): Plan {
  return JSON.parse(text.replace(/^\ufeff/, '')) as Plan;
}

/** The stored plan parsed as the writer's source, and a fresh value of it for a test to edit. */
export function planToEdit(text = planText): { source: JsonSource; plan: Plan } {
  return { source: parseJsonSource(text), plan: planValue(text) };
}
