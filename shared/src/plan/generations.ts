/**
 * Generations of the plan format (docs/formats.md "Generations"). Users' workspaces hold files of
 * every generation at once; planvas reads and writes each as it is and never changes a step's
 * `type` or a field's name on its own.
 */
export const GENERATIONS = {
  seed: { label: 'Seed (April 2026)', source: 'the seed snapshot of 2026-04-02' },
  loop: { label: 'coding-agent-loop (Aug 2026)', source: 'coding-agent-loop main of 2026-08-22' },
  agentworks: { label: 'agentworks (Oct 2026)', source: 'agentworks with orchestrator, branch and crew' },
  agent: { label: 'agentworks agent (Nov 2026)', source: "agentworks' newest release, one `agent` kind" },
} as const;
export type Generation = keyof typeof GENERATIONS;
export const GENERATION_ORDER = Object.keys(GENERATIONS) as Generation[];

export interface GenerationTraits {
  /** todo_task can turn the generic agent off (`enable_generic_agent`, seed era only). */
  genericAgentSwitch: boolean;
  /** The loader wants each route's sub_agent_step.id to equal its route_id. */
  subAgentIdIsRouteId: boolean;
  /** The loader checks ids and next_step_id references (the seed era's does not). */
  graphChecks: boolean;
  /** The kinds an orphan step may be shared with (resolvePlanOrphanStepRefs). */
  sharingKinds: readonly string[];
  /** Items may be `scripted` (agentworks), with its rules. */
  scriptedItems: boolean;
  /** Item types this generation's loader refuses in a message_sequence's items. */
  refusedItemTypes: readonly string[];
  /** The list on an orphan step's `shared_with` that names who may use it. */
  sharedWithField: 'orchestrator_ids' | 'agent_ids';
}

const TRAITS: Record<Generation, GenerationTraits> = {
  seed: {
    genericAgentSwitch: true,
    subAgentIdIsRouteId: false,
    graphChecks: false,
    scriptedItems: false,
    refusedItemTypes: [],
    sharingKinds: ['todo_task', 'orchestration'],
    sharedWithField: 'orchestrator_ids',
  },
  loop: {
    genericAgentSwitch: false,
    subAgentIdIsRouteId: true,
    graphChecks: true,
    scriptedItems: false,
    refusedItemTypes: ['message', 'scripted'],
    sharingKinds: ['todo_task'],
    sharedWithField: 'orchestrator_ids',
  },
  agentworks: {
    genericAgentSwitch: false,
    subAgentIdIsRouteId: true,
    graphChecks: true,
    scriptedItems: true,
    refusedItemTypes: [],
    sharingKinds: ['orchestrator', 'todo_task', 'message_sequence'],
    sharedWithField: 'orchestrator_ids',
  },
  agent: {
    genericAgentSwitch: false,
    subAgentIdIsRouteId: true,
    graphChecks: true,
    scriptedItems: true,
    refusedItemTypes: [],
    sharingKinds: ['agent', 'orchestrator', 'todo_task', 'message_sequence'],
    sharedWithField: 'agent_ids',
  },
};

export function generationTraits(generation: Generation): GenerationTraits {
  return TRAITS[generation];
}
