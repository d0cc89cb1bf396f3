import { issuesToDetails, type ErrorDetail } from '../errors';
import { detectGeneration, type GenerationReport } from './detect-generation';
import { planForFile, withDisplayIds } from './display-ids';
import { promoteLegacyPlan, type LegacyPromotion } from './legacy';
import { Plan } from './plan';

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

/** Parsed plan.json value -> the flat plan, validated. Unknown keys and unknown step types are kept. */
export function readPlan(raw: unknown): ReadPlanResult {
  const { value: promoted, legacy, promotions } = promoteLegacyPlan(planForFile(raw));
  // Id-less steps get their display id here; checkPlan reports each one.
  const { value } = withDisplayIds(promoted);
  const parsed = Plan.safeParse(value);
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
