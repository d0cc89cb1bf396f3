// Test-only helpers for the edit tests (not exported from the package).
import { readPlan } from '../plan/read-plan';
import type { Plan } from '../plan/plan';
import type { SubAgentStep } from '../plan/step';
import { readStepConfig } from '../step-config/read-step-config';
import { fixtureJson } from '../test-support/fixtures';
import type { EditResult, EditSuccess, PlanDocument } from './document';
import { findStep } from './locate';

/** The demo workflow (every step kind, sub-agents, branches, step_config) as an editor document. */
export function demoDocument(): PlanDocument {
  return documentOf(fixtureJson('Workflow/ResearchReport', 'plan.json'), fixtureJson('Workflow/ResearchReport', 'step_config.json'));
}

export function documentOf(rawPlan: unknown, rawConfig?: unknown): PlanDocument {
  const plan = readPlan(rawPlan);
  if (!plan.ok) throw new Error(`test plan must parse: ${JSON.stringify(plan.details)}`);
  if (rawConfig === undefined) return { plan: plan.plan, stepConfig: null };
  const config = readStepConfig(rawConfig);
  if (!config.ok) throw new Error(`test step_config must parse: ${JSON.stringify(config.details)}`);
  return { plan: plan.plan, stepConfig: config.config };
}

/** The success branch of a result, failing the test with the refusal's reason otherwise. */
export function expectOk<Extra extends object>(result: EditResult<Extra>): EditSuccess<Extra> {
  if (!result.ok) throw new Error(`edit refused: ${result.reason} ${JSON.stringify(result.details ?? [])}`);
  return result;
}

/** The reason of a refused edit, failing the test when it succeeded. */
export function expectRefused(result: EditResult<object>): string {
  if (result.ok) throw new Error('edit should have been refused');
  return result.reason;
}

export function stepOf(doc: PlanDocument, id: string): SubAgentStep {
  const visit = findStep(doc.plan, id);
  if (!visit) throw new Error(`no step ${id}`);
  return visit.step;
}

/** A plan must survive `readPlan` as the server reads it from disk. */
export function reread(doc: PlanDocument): Plan {
  const result = readPlan(JSON.parse(JSON.stringify(doc.plan)));
  if (!result.ok) throw new Error(`plan no longer valid: ${JSON.stringify(result.details)}`);
  return result.plan;
}
