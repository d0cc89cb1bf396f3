/** `:id` is a workflow id: its relative path, URL-encoded as ONE segment (`Workflow%2FResearchReport`). */
export interface WorkflowRoute {
  Params: { id: string };
}
