import { z } from 'zod';

/** `:id` is a workflow id: its relative path, URL-encoded as ONE segment (`Workflow%2FResearchReport`). */
export interface WorkflowRoute {
  Params: { id: string };
}

/** The same as a route schema, for routes whose types come from their schemas (plugins/zod-route-schemas.ts). */
export const WorkflowParams = z.object({ id: z.string() });
