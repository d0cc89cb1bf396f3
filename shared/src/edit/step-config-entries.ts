import type { StepConfig, StepConfigEntry } from '../step-config/schema';

/** step_config without the entries of `ids`; the same object when none matched. */
export function withoutConfigEntries(config: StepConfig | null, ids: ReadonlySet<string>): StepConfig | null {
  if (!config || !config.steps.some((entry) => ids.has(entry.id))) return config;
  return { ...config, steps: config.steps.filter((entry) => !ids.has(entry.id)) };
}

/** Entries of `ids`, in file order (all of them: a duplicated entry is the user's and travels too). */
export function configEntriesOf(config: StepConfig | null, ids: ReadonlySet<string>): StepConfigEntry[] {
  return config ? config.steps.filter((entry) => ids.has(entry.id)) : [];
}

export function withConfigEntries(config: StepConfig | null, entries: ReadonlyArray<StepConfigEntry>): StepConfig | null {
  if (entries.length === 0) return config;
  return config ? { ...config, steps: [...config.steps, ...entries] } : { steps: [...entries] };
}
