import { z } from 'zod';
import { LlmConfig } from '../step-config/schema';

/** Workspace-wide LLM choices that the per-step resolution chain falls back to (seed 001). */
export const WorkspaceSettings = z.object({
  presetExecutionLlm: LlmConfig.nullable().optional(),
  defaultLlm: LlmConfig.nullable().optional(),
});
export type WorkspaceSettings = z.infer<typeof WorkspaceSettings>;
