import type { Plan, Problem, StepConfig, StepConfigForm, ViewSettings } from '@planvas/shared';

/** One workflow in the workspace list (GET /api/workflows). */
export type WorkflowSummary = {
  id: string;
  title: string;
  stepCount: number;
  legacy: boolean;
  problemCount: number;
};

/** Revisions are opaque tokens from the server, sent back with saves. */
export type Revision = string | number;

/** A workflow as GET /api/workflows/:id returns it. */
export type WorkflowDocument = {
  id: string;
  /** Null when plan.json could not be read; `problems` then says why. */
  plan: Plan | null;
  planRevision: Revision | null;
  stepConfig: StepConfig | null;
  stepConfigRevision: Revision | null;
  stepConfigForm: StepConfigForm | null;
  legacy: boolean;
  problems: Problem[];
};

export type { ViewSettings };
