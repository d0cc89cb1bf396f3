import { sharedWithOf } from './common';
import { GENERATION_ORDER, type Generation } from './generations';
import type { Plan } from './plan';
import { stepKind } from './step';
import { STEP_KINDS } from './step-kinds';
import { walkSteps } from './walk';

export interface GenerationReport {
  generation: Generation;
  /** What in the file says so, e.g. `step "pick" has type "branch"`; empty for the seed default. */
  evidence: string[];
}

/**
 * Which generation a plan follows, judged by the newest kind or field it uses: a file with only the
 * kinds every generation knows is read as the seed's. Fields count too, since a file of a later
 * generation may use only old kinds (`shared_with.agent_ids` is agentworks' agent generation,
 * `orphan_steps` and `items` came with coding-agent-loop).
 */
export function detectGeneration(plan: Plan): GenerationReport {
  let generation: Generation = 'seed';
  const evidence: string[] = [];
  const rank = (g: Generation) => GENERATION_ORDER.indexOf(g);
  const raise = (to: Generation, why: string) => {
    if (rank(to) > rank(generation)) {
      generation = to;
      evidence.length = 0;
    }
    if (to === generation && evidence.length < 3) evidence.push(why);
  };
  if ((plan.orphan_steps ?? []).length > 0) raise('loop', 'the plan has orphan_steps');
  for (const { step } of walkSteps(plan)) {
    const kind = stepKind(step);
    if (kind !== 'unknown') {
      const first = STEP_KINDS[kind].generations[0];
      if (first !== undefined && first !== 'seed') raise(first, `step "${step.id}" has type "${kind}"`);
    }
    const sharedWith = sharedWithOf(step);
    if (sharedWith && sharedWith.agent_ids.length > 0) raise('agent', `step "${step.id}" is shared with agent_ids`);
    else if (sharedWith && sharedWith.orchestrator_ids.length > 0) raise('loop', `step "${step.id}" is shared with orchestrator_ids`);
    if (Array.isArray(step['items'])) raise('loop', `step "${step.id}" has items`);
  }
  return { generation, evidence };
}
