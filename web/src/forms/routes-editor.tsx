import type { ReactNode } from 'react';
import { Bot, Plus, Share2 } from 'lucide-react';
import type { Route, RoutingRoute, StepBase, SubAgentStep } from '@planvas/shared';
import { generationTraits, type Generation } from '@planvas/shared';
import { nodeIdOfStep } from '../flow/node-targets';
import { useFileGeneration } from '../store/use-file-generation';
import { useAppStoreApi } from '../store/store-context';
import { CommitField, Section, SelectField, TextField } from './fields';
import { ListEntryHeader } from './list-entry-header';
import { StepTextField } from './step-text-field';
import { TargetSelect } from './target-select';

type Props = {
  stepId: string;
  /** Delegating routes run a sub-agent (todo_task, orchestrator, agent, orchestration); jump routes name the next step (routing, branch). */
  delegating: boolean;
  routes: ReadonlyArray<Route | RoutingRoute>;
  /** Jump routes: the route taken when nothing else decides. */
  defaultRouteId?: string | null | undefined;
};

/**
 * The routes of a delegating step (each runs its own sub-agent step, or a shared orphan step by
 * reference) or of a routing / branch step (each names the next step): add, remove, rename,
 * reorder, edit.
 */
export function RoutesEditor({ stepId, delegating, routes, defaultRouteId }: Props) {
  const store = useAppStoreApi();
  return (
    <div className="pv-routes" data-testid="routes-editor">
      {routes.length === 0 && <p className="pv-muted">No routes yet.</p>}
      {routes.map((route, index) => {
        const name = route.route_name?.trim() ? route.route_name : route.route_id;
        return (
          <div className="pv-route" key={`${route.route_id}-${index}`} data-testid="route" data-route-id={route.route_id}>
            <ListEntryHeader
              noun="route"
              index={index}
              count={routes.length}
              name={name}
              onMove={(to) => store.getState().moveRouteOf(stepId, index, to)}
              onRemove={() => store.getState().removeRouteFrom(stepId, route.route_id)}
            />
            <div className="pv-route__grid">
              <CommitField
                label="Route id"
                mono
                value={route.route_id}
                onCommit={(routeId) => (store.getState().renameRouteOf(stepId, route.route_id, { routeId }) ? undefined : store.getState().editError?.reason)}
              />
              <TextField
                label="Route name"
                value={route.route_name ?? ''}
                onChange={(route_name) => store.getState().updateRouteOf(stepId, route.route_id, { route_name }, 'route_name')}
              />
            </div>
            <TextField
              label="Condition"
              multiline
              value={route.condition ?? ''}
              onChange={(condition) => store.getState().updateRouteOf(stepId, route.route_id, { condition }, 'condition')}
            />
            {delegating ? <SubAgentFields stepId={stepId} route={route as Route} /> : <TargetSelect stepId={stepId} handle={route.route_id} label="Goes to" />}
          </div>
        );
      })}
      {!delegating && routes.length > 0 && (
        <SelectField
          label="Default route"
          value={defaultRouteId ?? ''}
          options={[
            { value: '', label: '(none)' },
            ...routes.map((r) => ({ value: r.route_id, label: r.route_name?.trim() ? `${r.route_name} (${r.route_id})` : r.route_id })),
          ]}
          onChange={(value) => store.getState().updateStepFields(stepId, { default_route_id: value === '' ? undefined : value })}
          testId="default-route"
        />
      )}
      <button type="button" className="pv-button pv-button--add" data-testid="add-route" onClick={() => store.getState().addRouteTo(stepId)}>
        <Plus size={14} aria-hidden /> Add route
      </button>
    </div>
  );
}

/** The inspector section of a step's routes: the editor, then what the kind adds below it (the generic agent). */
export function RoutesSection({ title = 'Routes', children, ...editor }: Props & { title?: string; children?: ReactNode }) {
  return (
    <Section title={title} testId="routes-section">
      <RoutesEditor {...editor} />
      {children}
    </Section>
  );
}

/** A route's private sub-agent step: the fields a user sets most; the rest from its own node. */
function SubAgentFields({ stepId, route }: { stepId: string; route: Route }) {
  const store = useAppStoreApi();
  const generation = useFileGeneration();
  const sub = route.sub_agent_step as (StepBase & SubAgentStep) | null | undefined;
  if (!sub && route.orphan_step_ref) return <SharedStepRef stepId={stepId} route={route} />;
  if (!sub) {
    return (
      <button
        type="button"
        className="pv-button"
        onClick={() =>
          store.getState().setSubAgent(stepId, route.route_id, {
            type: 'regular',
            id: subAgentIdFor(stepId, route.route_id, generation?.generation),
            title: `${route.route_name ?? route.route_id} Agent`,
            description: '',
            success_criteria: '',
          })
        }
      >
        <Bot size={14} aria-hidden /> Give it a sub-agent
      </button>
    );
  }
  return (
    <div className="pv-subagent" data-testid="route-sub-agent">
      <RouteStepHeader icon={<Bot size={13} aria-hidden />} label="Sub-agent" stepId={sub.id} />
      <CommitField
        label="Sub-agent id"
        mono
        value={sub.id}
        onCommit={(id) => (store.getState().renameStep(sub.id, id) ? undefined : store.getState().editError?.reason)}
      />
      <StepTextField step={sub} field="title" label="Sub-agent title" />
      <StepTextField step={sub} field="description" label="Sub-agent description" multiline />
      <StepTextField step={sub} field="success_criteria" label="Sub-agent success criteria" multiline />
    </div>
  );
}

/** A route that runs a shared orphan step by reference (`orphan_step_ref`) instead of a step of its own. */
function SharedStepRef({ stepId, route }: { stepId: string; route: Route }) {
  const store = useAppStoreApi();
  const ref = route.orphan_step_ref ?? '';
  return (
    <div className="pv-subagent" data-testid="route-orphan-ref">
      <RouteStepHeader icon={<Share2 size={13} aria-hidden />} label="Shared step" stepId={ref} />
      <CommitField
        label="Runs the shared step"
        mono
        value={ref}
        hint="An orphan step's id; it must list this step in its shared_with"
        onCommit={(value) =>
          store.getState().updateRouteOf(stepId, route.route_id, { orphan_step_ref: value.trim() }) ? undefined : store.getState().editError?.reason
        }
      />
    </div>
  );
}

/** The head of the step a route runs (its own sub-agent, or a shared step): what it is, and a link to its node. */
function RouteStepHeader({ icon, label, stepId }: { icon: ReactNode; label: string; stepId: string }) {
  const store = useAppStoreApi();
  const open = () => {
    const plan = store.getState().document?.plan;
    const nodeId = plan ? nodeIdOfStep(plan, stepId) : undefined;
    if (nodeId) store.getState().focusNode(nodeId);
  };
  return (
    <div className="pv-subagent__header">
      {icon}
      {` ${label}`}
      <button type="button" className="pv-link" onClick={open}>
        Open
      </button>
    </div>
  );
}

/** A new sub-agent's id: the route id where the file's loader wants them equal (coding-agent-loop on), else one unique to the step. */
function subAgentIdFor(stepId: string, routeId: string, generation: Generation | undefined): string {
  return generation && generationTraits(generation).subAgentIdIsRouteId ? routeId : `${stepId}-${routeId}`;
}
