import { canonicalExecutionMode, type AgentConfigs, type StepConfig } from '@planvas/shared';

/**
 * What a node's execution-mode badge says: the mode its step_config entry declares, as written
 * (`learn_code` and `code_exec` are the older names of `scripted` and `agentic` and are marked so),
 * and the runtime's reason, shown as the badge's tooltip (`declared_execution_mode_reason`).
 */
export type ExecutionModeBadge = {
  /** As declared in the file. */
  mode: string;
  /** The current name: `scripted` for `learn_code`, `agentic` for `code_exec`. */
  canonical: string;
  /** The declared name is one the newer runtimes only read (learn_code, code_exec). */
  older: boolean;
  reason?: string;
};

/** The badge of every step whose entry declares a mode, by step id (the first entry of an id wins, as lookups do). */
export function executionModesOf(stepConfig: StepConfig | undefined): ReadonlyMap<string, ExecutionModeBadge> {
  const modes = new Map<string, ExecutionModeBadge>();
  const seen = new Set<string>();
  for (const entry of stepConfig?.steps ?? []) {
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    const badge = entry.agent_configs ? executionModeOf(entry.agent_configs) : undefined;
    if (badge) modes.set(entry.id, badge);
  }
  return modes;
}

export function executionModeOf(configs: AgentConfigs): ExecutionModeBadge | undefined {
  const declared = configs.declared_execution_mode?.trim();
  const reason = configs.declared_execution_mode_reason?.trim() || undefined;
  if (declared) {
    const canonical = canonicalExecutionMode(declared) ?? declared;
    return { mode: declared, canonical, older: canonical !== declared, ...(reason ? { reason } : {}) };
  }
  // The seed era's switch for the same thing, before the mode was declared by name.
  if (configs.use_learn_code_mode === true) return { mode: 'learn_code', canonical: 'scripted', older: true, reason: reason ?? 'use_learn_code_mode is on' };
  return undefined;
}
