/** Starting points for POST /api/workflows. Plain data in the real format, no planvas-only keys. */
export const WORKFLOW_TEMPLATES = ['blank', 'todo_task'] as const;
export type WorkflowTemplate = (typeof WORKFLOW_TEMPLATES)[number];

export interface TemplateFiles {
  plan: unknown;
  stepConfig: unknown;
}

export function templateFiles(template: WorkflowTemplate, objective: string): TemplateFiles {
  const stepConfig = { steps: [] };
  if (template === 'blank') return { plan: { objective, success_criteria: '', steps: [] }, stepConfig };
  return {
    plan: {
      objective,
      success_criteria: '',
      steps: [
        {
          id: 'plan-and-execute',
          type: 'todo_task',
          title: 'Plan and execute',
          description: 'Break the objective into todos and work through them.',
          success_criteria: 'Every todo is completed.',
          context_dependencies: [],
          context_output: 'result.md',
          predefined_routes: [
            {
              route_id: 'research',
              route_name: 'Research',
              condition: 'The todo needs information gathered from sources.',
              sub_agent_step: {
                id: 'researcher',
                type: 'regular',
                title: 'Researcher',
                description: 'Gather and summarise the information the todo asks for.',
                success_criteria: 'The findings are written down with their sources.',
              },
            },
          ],
          enable_generic_agent: true,
          next_step_id: 'end',
        },
      ],
    },
    stepConfig,
  };
}
