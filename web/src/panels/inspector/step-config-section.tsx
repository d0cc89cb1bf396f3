import { useMemo } from 'react';
import { CircleCheck, CircleX } from 'lucide-react';
import {
  agentConfigsOf,
  asKnownStep,
  DECLARED_EXECUTION_MODES,
  learnCodeEligibility,
  resolveLlm,
  routesOf,
  type AgentConfigs,
  type LlmResolution,
  type SubAgentStep,
} from '@planvas/shared';
import { planDocumentOf } from '../../store/document/plan-document';
import { useAppStore, useAppStoreApi } from '../../store/store-context';
import { NumberField, SelectField } from '../../forms/fields';
import { describeLlm, LlmFields } from './llm-fields';

/** Fields this section edits; every other agent_configs field is shown read-only and kept on save. */
const EDITED = new Set(['execution_llm', 'conditional_llm', 'execution_max_turns', 'declared_execution_mode']);
/** Steps whose agent is a conditional agent (conditional_llm is looked at first: docs/formats.md "LLM selection priority"). */
const CONDITIONAL_KINDS = new Set(['conditional', 'decision']);
const NO_CONFIGS: AgentConfigs = {};

/**
 * The step's entry in step_config.json: its LLMs, turn limit and declared execution mode; the
 * effective LLM of each agent the step runs, resolved by the shared chain (step > preset >
 * default) with the level it came from; learn_code eligibility for a todo_task.
 */
export function StepConfigSection({ step }: { step: SubAgentStep }) {
  const store = useAppStoreApi();
  const stepId = step.id;
  const configs = useAppStore((s) => {
    const doc = planDocumentOf(s.document);
    return (doc && agentConfigsOf(doc, stepId)) ?? NO_CONFIGS;
  });
  const stepConfig = useAppStore((s) => s.document?.stepConfig ?? null);
  const settings = useAppStore((s) => s.workspaceSettings);
  const kind = step.type ?? 'regular';
  const isConditional = CONDITIONAL_KINDS.has(kind);
  const set = (patch: Partial<AgentConfigs>, coalesce?: string) => store.getState().setAgentConfigOf(stepId, patch, coalesce);
  const refused = () => (store.getState().editError?.stepId === stepId ? store.getState().editError?.reason : undefined);

  const agents = useMemo(() => {
    const resolve = (agentConfigs: AgentConfigs | null | undefined, role: 'standard' | 'conditional' = 'standard') =>
      resolveLlm({ agentConfigs, presetExecutionLlm: settings.presetExecutionLlm ?? null, defaultLlm: settings.defaultLlm ?? null, role });
    const rows: Array<{ who: string; resolution: LlmResolution }> = [];
    const routes = routesOf(step);
    rows.push({ who: routes ? 'Orchestrator' : isConditional ? 'Agent' : 'Execution agent', resolution: resolve(configs) });
    if (isConditional) rows.push({ who: 'Conditional LLM', resolution: resolve(configs, 'conditional') });
    const doc = stepConfig ? { plan: { steps: [] }, stepConfig } : null;
    for (const route of routes?.routes ?? []) {
      const sub = route.sub_agent_step;
      if (!sub) continue;
      rows.push({
        who: `Sub-agent ${route.route_name?.trim() ? route.route_name : route.route_id}`,
        resolution: resolve(doc ? agentConfigsOf(doc, sub.id) : undefined),
      });
    }
    const known = asKnownStep(step);
    // The generic agent runs under its todo_task's own configuration.
    if (known?.type === 'todo_task' && known.enable_generic_agent) rows.push({ who: 'Generic agent', resolution: resolve(configs) });
    return rows;
  }, [step, configs, stepConfig, settings, isConditional]);

  const known = asKnownStep(step);
  const eligibility = known?.type === 'todo_task' ? learnCodeEligibility(step, configs) : null;
  const others = Object.fromEntries(Object.entries(configs).filter(([key]) => !EDITED.has(key)));
  const mode = configs.declared_execution_mode ?? '';
  const modes = [...new Set(['', ...DECLARED_EXECUTION_MODES, mode])];

  return (
    <div className="pv-config" data-testid="step-config">
      <LlmFields
        label="Execution LLM"
        testPrefix="execution-llm"
        value={configs.execution_llm}
        onChange={(execution_llm, coalesce) => set({ execution_llm }, coalesce && `execution_llm.${coalesce}`)}
      />
      {isConditional && (
        <LlmFields
          label="Conditional LLM"
          testPrefix="conditional-llm"
          value={configs.conditional_llm}
          onChange={(conditional_llm, coalesce) => set({ conditional_llm }, coalesce && `conditional_llm.${coalesce}`)}
        />
      )}
      <div className="pv-row pv-row--fields">
        <NumberField
          label="Execution max turns"
          integer
          min={0}
          value={configs.execution_max_turns}
          onCommit={(execution_max_turns) => (set({ execution_max_turns }) ? undefined : refused())}
        />
        <SelectField
          label="Declared execution mode"
          value={mode}
          options={modes.map((m) => ({ value: m, label: m === '' ? '(not set)' : m }))}
          onChange={(value) => set({ declared_execution_mode: value === '' ? undefined : value })}
        />
      </div>

      <div className="pv-effective" data-testid="effective-llms">
        <div className="pv-subheading">Effective LLM</div>
        <ul className="pv-boxed-list">
          {agents.map(({ who, resolution }) => (
            <li key={who} data-testid="effective-llm" data-level={resolution.level}>
              <span className="pv-effective__who" title={who}>
                {who}
              </span>
              <span className={`pv-level pv-level--${resolution.level}`} title={levelHint(resolution)}>
                {resolution.level === 'none' ? 'not set' : resolution.level}
              </span>
              <span className="pv-effective__llm">{describeLlm(resolution.llm)}</span>
            </li>
          ))}
        </ul>
      </div>

      {eligibility && (
        <div
          className={`pv-eligibility${eligibility.eligible ? ' is-eligible' : ''}`}
          data-testid="learn-code-eligibility"
          data-eligible={eligibility.eligible}
        >
          {eligibility.eligible ? <CircleCheck size={14} aria-hidden /> : <CircleX size={14} aria-hidden />}
          <div>
            <strong>learn_code {eligibility.eligible ? 'eligible' : 'not eligible'}</strong>
            <p>{eligibility.reason}</p>
          </div>
        </div>
      )}

      {Object.keys(others).length > 0 && (
        <div className="pv-other-config" data-testid="other-agent-configs">
          <div className="pv-subheading">Other fields (kept as they are)</div>
          {/* Focusable, so the keyboard can scroll a long one. */}
          <pre tabIndex={0}>{JSON.stringify(others, null, 2)}</pre>
        </div>
      )}
    </div>
  );
}

function levelHint(resolution: LlmResolution): string {
  switch (resolution.level) {
    case 'step':
      return `From this step's ${resolution.field ?? 'execution_llm'} in step_config.json`;
    case 'preset':
      return "From the workspace's preset execution LLM (Settings)";
    case 'default':
      return "From the workspace's default LLM (Settings)";
    default:
      return 'Nothing is set at any level: set this step’s LLM or the workspace settings';
  }
}
