import { issuesToDetails, type ErrorDetail } from '../errors';
import { promoteLegacyPlan, type LegacyPromotion } from './legacy';
import { Plan } from './plan';

export type ReadPlanResult =
  | { ok: true; plan: Plan; legacy: boolean; promotions: LegacyPromotion[] }
  | { ok: false; details: ErrorDetail[]; legacy: boolean; promotions: LegacyPromotion[]; promoted: unknown };

/** Parsed plan.json value -> the flat plan, validated. Unknown keys and unknown step types are kept. */
export function readPlan(raw: unknown): ReadPlanResult {
  const { value, legacy, promotions } = promoteLegacyPlan(raw);
  const parsed = Plan.safeParse(value);
  // The validated input itself (not zod's copy) is returned so key order stays as in the file.
  if (parsed.success) return { ok: true, plan: value as Plan, legacy, promotions };
  return { ok: false, details: issuesToDetails(parsed.error.issues), legacy, promotions, promoted: value };
}
