import { z } from 'zod';
import { ModelPrice } from '../events/usage-schema';
import { LlmConfig } from '../step-config/schema';

/**
 * planvas' own LLM choices must name a provider and a model: planvas calls them itself, and has no
 * registry of published LLMs or connections (those only appear in users' step configs).
 */
const SettingsLlm = LlmConfig.extend({ provider: z.string(), model_id: z.string() });

/** One price per provider and model: a second would make a run's cost depend on the list's order. */
const Pricing = z.array(ModelPrice).superRefine((prices, ctx) => {
  const seen = new Map<string, number>();
  prices.forEach((price, index) => {
    const key = `${price.provider}\u0000${price.model}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else ctx.addIssue({ code: 'custom', path: [index], message: `${price.provider} ${price.model} already has a price at pricing[${first}]` });
  });
});

/**
 * Workspace-wide settings: the LLM choices the per-step resolution chain falls back to
 * (docs/formats.md "LLM selection priority"), and the prices that turn a run's token usage into
 * cost (docs/api.md "Usage and cost").
 */
export const WorkspaceSettings = z.object({
  presetExecutionLlm: SettingsLlm.nullable().optional(),
  defaultLlm: SettingsLlm.nullable().optional(),
  pricing: Pricing.optional(),
});
export type WorkspaceSettings = z.infer<typeof WorkspaceSettings>;
