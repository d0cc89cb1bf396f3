import { issuesToDetails, type ErrorDetail } from '../errors/error-details';
import { detectGeneration, type GenerationReport } from './detect-generation';
import { planForFile, withDisplayIds } from './display-ids';
import { promoteLegacyPlan, type LegacyPromotion } from './legacy';
import type { z } from 'zod';
import { jsonEqual } from '../json-format/json-equal';
import { Plan } from './plan';
import { Step } from './step';

interface ReadPlanCommon {
  legacy: boolean;
  promotions: LegacyPromotion[];
}

export type ReadPlanResult =
  | (ReadPlanCommon & { ok: true; plan: Plan; generation: GenerationReport })
  | (ReadPlanCommon & {
      ok: false;
      details: ErrorDetail[];
      /** The flat value as read (display ids given), for the editor to show and fix. */
      promoted: unknown;
      /**
       * The same value when it is a plan at all (an object with a `steps` list): the graph checks
       * run on it, so one schema problem hides no dangling target. Absent for non-plans.
       */
      partial?: Plan;
      generation?: GenerationReport;
    });

export interface ReadPlanOptions {
  /**
   * A plan already validated (the file as last read): steps equal to its step at the same place
   * are not validated again, since a step's schema depends on nothing outside it. A save of a big
   * plan then validates only what the edit changed.
   */
  validated?: Plan;
}

/** Parsed plan.json value -> the flat plan, validated. Unknown keys and unknown step types are kept. */
export function readPlan(raw: unknown, options: ReadPlanOptions = {}): ReadPlanResult {
  const { value: promoted, legacy, promotions } = promoteLegacyPlan(planForFile(raw));
  // Id-less steps get their display id here; checkPlan reports each one.
  const { value } = withDisplayIds(promoted);
  const parsed = options.validated && isPlanShaped(value) ? validateChanged(value as Plan, options.validated) : Plan.safeParse(value);
  // The validated input itself (not zod's copy) is returned so key order stays as in the file.
  if (parsed.success) {
    const plan = value as Plan;
    return { ok: true, plan, legacy, promotions, generation: detectGeneration(plan) };
  }
  const partial = isPlanShaped(value) ? (value as Plan) : undefined;
  return {
    ok: false,
    details: issuesToDetails(parsed.error.issues),
    legacy,
    promotions,
    promoted: value,
    ...(partial ? { partial, generation: detectGeneration(partial) } : {}),
  };
}

/** An object with a `steps` list: something the checks can walk even if parts break the schema. */
export function isPlanShaped(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Array.isArray((value as { steps?: unknown }).steps);
}

type Validation = { success: true } | { success: false; error: { issues: z.core.$ZodIssue[] } };

/** Plan.safeParse, but steps equal to `validated`'s at the same index are taken as valid. */
function validateChanged(plan: Plan, validated: Plan): Validation {
  const issues: Array<z.core.$ZodIssue> = [];
  const lists = { steps: plan.steps, orphan_steps: plan.orphan_steps } as const;
  // The top level with empty step lists: its own fields, and that the lists are lists.
  const top = Plan.safeParse({ ...plan, steps: [], ...(Array.isArray(plan.orphan_steps) ? { orphan_steps: [] } : {}) });
  if (!top.success) issues.push(...top.error.issues);
  for (const key of ['steps', 'orphan_steps'] as const) {
    const list = lists[key];
    if (!Array.isArray(list)) continue;
    const before = validated[key] ?? [];
    list.forEach((step, i) => {
      if (jsonEqual(step, before[i])) return;
      const one = Step.safeParse(step);
      if (!one.success) for (const issue of one.error.issues) issues.push({ ...issue, path: [key, i, ...issue.path] });
    });
  }
  return issues.length === 0 ? { success: true } : { success: false, error: { issues } };
}
