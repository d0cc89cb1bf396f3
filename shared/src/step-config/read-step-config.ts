import { issuesToDetails, type ErrorDetail } from '../errors/error-details';
import { StepConfig, StepConfigEntry, type StepConfigForm } from './schema';
import { z } from 'zod';

export type ReadStepConfigResult = { ok: true; config: StepConfig; form: StepConfigForm } | { ok: false; details: ErrorDetail[]; form: StepConfigForm };

/** Parsed step_config.json -> the object form. The legacy bare array is read as `{ steps: [...] }`. */
export function readStepConfig(raw: unknown): ReadStepConfigResult {
  if (Array.isArray(raw)) {
    const parsed = z.array(StepConfigEntry).safeParse(raw);
    return parsed.success
      ? { ok: true, config: { steps: raw as StepConfigEntry[] }, form: 'array' }
      : { ok: false, details: issuesToDetails(parsed.error.issues), form: 'array' };
  }
  const parsed = StepConfig.safeParse(raw);
  // The validated input is returned (not zod's copy) so key order stays as in the file.
  return parsed.success
    ? { ok: true, config: raw as StepConfig, form: 'object' }
    : { ok: false, details: issuesToDetails(parsed.error.issues), form: 'object' };
}

/** The value to write for a config read in `form`: the legacy array form stays an array. */
export function stepConfigForFile(config: StepConfig, form: StepConfigForm): unknown {
  return form === 'array' ? config.steps : config;
}

export function findStepConfig(config: StepConfig | undefined, stepId: string): StepConfigEntry | undefined {
  return config?.steps.find((entry) => entry.id === stepId);
}
