import { issuesToDetails } from '../errors/error-details';
import { AgentConfigs, type StepConfig, type StepConfigEntry } from '../step-config/schema';
import { done, fail, withStepConfig, type EditResult, type PlanDocument } from './document';
import { isJsonObject, mergeShallow } from './immutable';
import { findStep } from './locate';
import { editReasons } from './reasons';

/** Fields of `agent_configs` to set; `undefined` removes a field; fields not named (known or not) stay. */
export type AgentConfigPatch = Readonly<Partial<AgentConfigs>>;

/** The step's `agent_configs` (from its first step_config entry, which is the one the runtime uses). */
export function agentConfigsOf(doc: PlanDocument, stepId: string): AgentConfigs | undefined {
  const entry = doc.stepConfig?.steps.find((e) => e.id === stepId);
  return entry?.agent_configs ?? undefined;
}

/**
 * Sets agent configuration fields of a plan step (sub-agents included). Creates the step's entry
 * (with the step's title, as the real system writes it) when missing, and step_config itself when
 * the workflow has none. The result must pass the AgentConfigs schema (refused with JSON paths).
 */
export function setAgentConfig(doc: PlanDocument, stepId: string, patch: AgentConfigPatch): EditResult {
  const visit = findStep(doc.plan, stepId);
  if (!visit) return fail(editReasons.unknownStep(stepId));
  const title = visit.step.title;
  return editAgentConfigs(doc, stepId, patch, typeof title === 'string' && title !== '' ? title : undefined);
}

/** Removes one `agent_configs` field; also works on an entry whose step is gone (an orphaned entry). */
export function removeAgentConfigField(doc: PlanDocument, stepId: string, field: string): EditResult {
  return editAgentConfigs(doc, stepId, { [field]: undefined }, undefined);
}

function editAgentConfigs(doc: PlanDocument, stepId: string, patch: AgentConfigPatch, title: string | undefined): EditResult {
  const config: StepConfig = doc.stepConfig ?? { steps: [] };
  const index = config.steps.findIndex((e) => e.id === stepId);
  const existing = config.steps[index];
  const agent = isJsonObject(existing?.agent_configs) ? existing.agent_configs : {};
  const nextAgent = mergeShallow(agent, patch);
  // Nothing to set (or only removals on a missing entry): no entry, no file is created for it.
  if (nextAgent === agent) return done(doc);
  const at = index >= 0 ? index : config.steps.length;
  const parsed = AgentConfigs.safeParse(nextAgent);
  if (!parsed.success) return fail(editReasons.invalidAgentConfig(stepId), issuesToDetails(parsed.error.issues, ['steps', at, 'agent_configs']));
  const entry: StepConfigEntry = existing
    ? { ...existing, agent_configs: nextAgent }
    : { id: stepId, ...(title !== undefined ? { title } : {}), agent_configs: nextAgent };
  const steps = [...config.steps];
  steps[at] = entry;
  return done(withStepConfig(doc, { ...config, steps }));
}
