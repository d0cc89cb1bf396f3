import { z } from 'zod';
import { LlmConfig } from '../step-config/schema';

/**
 * planvas' own LLM choices must name a provider and a model: planvas calls them itself, and has no
 * registry of published LLMs or connections (those only appear in users' step configs).
 */
const SettingsLlm = LlmConfig.extend({ provider: z.string(), model_id: z.string() });

/** Workspace-wide LLM choices that the per-step resolution chain falls back to (docs/formats.md "LLM selection priority"). */
export const WorkspaceSettings = z.object({
  presetExecutionLlm: SettingsLlm.nullable().optional(),
  defaultLlm: SettingsLlm.nullable().optional(),
});
export type WorkspaceSettings = z.infer<typeof WorkspaceSettings>;
