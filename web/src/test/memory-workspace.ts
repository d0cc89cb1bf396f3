// Test-only: the planvas API's document rules (revisions, If-Match, 412, change events with the
// writer's client id) over an in-memory workspace, for store and component tests of saving and
// syncing. The real server has its own tests, and the e2e tests run the two together.
import { checkPlan, checkStepConfig, readPlan, readStepConfig, type Plan, type StepConfig, type WorkspaceSettings } from '@planvas/shared';
import { ApiError } from '../api/api-error';
import type { AuthoringApi, SaveAnswer } from '../api/authoring-api';
import type { WorkflowChangeEvent, WorkflowChangeListener } from '../api/changes-stream';
import type { Revision, WorkflowDocument } from '../api/types';

type DocumentName = 'plan' | 'step_config';

type StoredWorkflow = { plan: Plan; planRevision: string; stepConfig: StepConfig | null; stepConfigRevision: string | null; legacy: boolean };

export type MemoryWorkspace = {
  workflows: Map<string, StoredWorkflow>;
  settings: WorkspaceSettings;
  /** Every write, in order (who wrote which document). */
  writes: Array<{ workflowId: string; document: 'plan' | 'step_config'; clientId?: string }>;
  getWorkflow(id: string): Promise<WorkflowDocument>;
  /** An edit made outside planvas (a text editor): new revision, reported with origin `disk`. */
  editOnDisk(id: string, change: { plan?: Plan; stepConfig?: StepConfig }): void;
  /** The writing API as one tab (`clientId`) sees it. */
  authoringApi(clientId: string): AuthoringApi;
};

const clone = <T>(value: T): T => structuredClone(value);

export function createMemoryWorkspace(initial: WorkflowDocument[] = []): MemoryWorkspace {
  const workflows = new Map<string, StoredWorkflow>();
  const listeners = new Map<string, Set<WorkflowChangeListener>>();
  const writes: MemoryWorkspace['writes'] = [];
  let counter = 0;
  // A new revision never repeats the one it replaces (given ones like "s1" could collide with the counter's).
  const nextRevision = (prefix: string, replacing: string | null = null) => {
    let revision: string;
    do revision = `${prefix}${++counter}`;
    while (revision === replacing);
    return revision;
  };
  for (const doc of initial) {
    if (!doc.plan) continue;
    workflows.set(doc.id, {
      plan: clone(doc.plan),
      planRevision: String(doc.planRevision ?? nextRevision('p')),
      stepConfig: doc.stepConfig ? clone(doc.stepConfig) : null,
      stepConfigRevision: doc.stepConfig ? String(doc.stepConfigRevision ?? nextRevision('s')) : null,
      legacy: doc.legacy,
    });
  }
  const workspace: MemoryWorkspace = { workflows, settings: {}, writes, getWorkflow, editOnDisk, authoringApi };

  function stored(id: string): StoredWorkflow {
    const found = workflows.get(id);
    if (!found) throw new ApiError(404, 'workflow_not_found', `no workflow "${id}"`);
    return found;
  }
  function problems(w: StoredWorkflow) {
    return [...checkPlan(w.plan), ...(w.stepConfig ? checkStepConfig(w.plan, w.stepConfig) : [])];
  }
  function notify(workflowId: string, event: Omit<Extract<WorkflowChangeEvent, { type: 'change' }>, 'type' | 'workflowId'>) {
    for (const listener of listeners.get(workflowId) ?? []) listener({ type: 'change', workflowId, ...event });
  }
  async function getWorkflow(id: string): Promise<WorkflowDocument> {
    const w = stored(id);
    return {
      id,
      plan: clone(w.plan),
      planRevision: w.planRevision,
      stepConfig: w.stepConfig ? clone(w.stepConfig) : null,
      stepConfigRevision: w.stepConfigRevision,
      stepConfigForm: w.stepConfig ? 'object' : null,
      legacy: w.legacy,
      problems: problems(w),
    };
  }
  function editOnDisk(id: string, change: { plan?: Plan; stepConfig?: StepConfig }) {
    const w = stored(id);
    if (change.plan) {
      w.plan = clone(change.plan);
      written(id, w, 'plan', { origin: 'disk' });
    }
    if (change.stepConfig) {
      w.stepConfig = clone(change.stepConfig);
      written(id, w, 'step_config', { origin: 'disk' });
    }
  }
  /** A document of `w` was written: its new revision, recorded among the writes and told to the listeners. */
  function written(id: string, w: StoredWorkflow, document: DocumentName, by: { origin: 'disk' } | { origin: 'planvas'; clientId: string }): string {
    const revision = nextRevision(document === 'plan' ? 'p' : 's', document === 'plan' ? w.planRevision : w.stepConfigRevision);
    if (document === 'plan') w.planRevision = revision;
    else w.stepConfigRevision = revision;
    writes.push({ workflowId: id, document, ...('clientId' in by ? { clientId: by.clientId } : {}) });
    notify(id, { document, revision, ...by });
    return revision;
  }
  /** A save through the API: checked against the revision it is based on, then applied and reported with the writer's id. */
  function saved(id: string, document: DocumentName, baseRevision: Revision | null, clientId: string, apply: (w: StoredWorkflow) => void): SaveAnswer {
    const w = stored(id);
    precondition(document === 'plan' ? w.planRevision : w.stepConfigRevision, baseRevision, `${document}.json`);
    apply(w);
    const revision = written(id, w, document, { origin: 'planvas', clientId });
    return { revision, written: true, problems: problems(w) };
  }
  function precondition(current: string | null, base: Revision | null, file: string) {
    const expected = base === null ? null : String(base);
    if (expected !== current) throw new ApiError(412, 'stale_revision', `${file} changed since revision ${String(base)}`);
  }
  function authoringApi(clientId: string): AuthoringApi {
    return {
      clientId,
      async savePlan(id, plan, baseRevision): Promise<SaveAnswer> {
        const read = readPlan(clone(plan));
        if (!read.ok) throw new ApiError(400, 'schema_violation', 'The plan does not match the schema; nothing was written', read.details);
        return saved(id, 'plan', baseRevision, clientId, (w) => {
          w.plan = read.plan;
          w.legacy = false;
        });
      },
      async saveStepConfig(id, stepConfig, baseRevision): Promise<SaveAnswer> {
        const read = readStepConfig(clone(stepConfig));
        if (!read.ok) throw new ApiError(400, 'schema_violation', 'The step config does not match the schema; nothing was written', read.details);
        return saved(id, 'step_config', baseRevision, clientId, (w) => {
          w.stepConfig = read.config;
        });
      },
      async createWorkflow(id) {
        if (workflows.has(id)) throw new ApiError(409, 'workflow_exists', `"${id}" exists`);
        const w: StoredWorkflow = {
          plan: { steps: [] },
          planRevision: nextRevision('p'),
          stepConfig: { steps: [] },
          stepConfigRevision: nextRevision('s'),
          legacy: false,
        };
        workflows.set(id, w);
        return { id, planRevision: w.planRevision, stepConfigRevision: w.stepConfigRevision };
      },
      async migrate(id, { dryRun }) {
        const w = stored(id);
        const orphans = w.stepConfig ? checkStepConfig(w.plan, w.stepConfig).filter((p) => p.code === 'orphan_step_config') : [];
        const changes = orphans.map((p) => ({ kind: 'step_config_removed' as const, id: p.stepId! }));
        let stepConfigWritten = false;
        if (!dryRun && w.stepConfig && changes.length > 0) {
          const gone = new Set(changes.map((c) => c.id));
          w.stepConfig = { ...w.stepConfig, steps: w.stepConfig.steps.filter((e) => !gone.has(e.id)) };
          w.stepConfigRevision = nextRevision('s');
          stepConfigWritten = true;
          notify(id, { document: 'step_config', revision: w.stepConfigRevision, origin: 'planvas', clientId });
        }
        return {
          dryRun,
          legacy: w.legacy,
          changes,
          planWritten: false,
          stepConfigWritten,
          planRevision: w.planRevision,
          stepConfigRevision: w.stepConfigRevision,
          problems: problems(w),
        };
      },
      async getSettings() {
        return clone(workspace.settings);
      },
      async saveSettings(settings) {
        workspace.settings = clone(settings);
        return clone(settings);
      },
      watchChanges(id, listener) {
        const set = listeners.get(id) ?? new Set();
        listeners.set(id, set);
        set.add(listener);
        const w = workflows.get(id);
        if (w) listener({ type: 'ready', workflowId: id, planRevision: w.planRevision, stepConfigRevision: w.stepConfigRevision });
        return () => set.delete(listener);
      },
    };
  }
  return workspace;
}
