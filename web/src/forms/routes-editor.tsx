import { ArrowDown, ArrowUp, Bot, Plus, Share2, Trash2 } from 'lucide-react';
import type { Route, RoutingRoute, StepBase, SubAgentStep } from '@planvas/shared';
import { generationTraits, type Generation } from '@planvas/shared';
import { nodeIdOfStep } from '../flow/node-targets';
import { useFileGeneration } from '../store/use-file-generation';
import { useAppStoreApi } from '../store/store-context';
import { CommitField, SelectField, TextField } from './fields';
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
            <div className="pv-route__header">
              <span className="pv-route__index">{index + 1}</span>
              <span className="pv-route__name">{name}</span>
              <button
                type="button"
                className="pv-icon-button pv-icon-button--small"
                aria-label={`Move route ${name} up`}
                disabled={index === 0}
                onClick={() => store.getState().moveRouteOf(stepId, index, index - 1)}
              >
                <ArrowUp size={13} />
              </button>
              <button
                type="button"
                className="pv-icon-button pv-icon-button--small"
                aria-label={`Move route ${name} down`}
                disabled={index === routes.length - 1}
                onClick={() => store.getState().moveRouteOf(stepId, index, index + 1)}
              >
                <ArrowDown size={13} />
              </button>
              <button
                type="button"
                className="pv-icon-button pv-icon-button--small pv-danger"
                aria-label={`Remove route ${name}`}
                onClick={() => store.getState().removeRouteFrom(stepId, route.route_id)}
              >
                <Trash2 size={13} />
              </button>
            </div>
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
  const open = () => {
    const plan = store.getState().document?.plan;
    const nodeId = plan ? nodeIdOfStep(plan, sub.id) : undefined;
    if (nodeId) store.getState().focusNode(nodeId);
  };
  return (
    <div className="pv-subagent" data-testid="route-sub-agent">
      <div className="pv-subagent__header">
        <Bot size={13} aria-hidden /> Sub-agent
        <button type="button" className="pv-link" onClick={open}>
          Open
        </button>
      </div>
      <CommitField
        label="Sub-agent id"
        mono
        value={sub.id}
        onCommit={(id) => (store.getState().renameStep(sub.id, id) ? undefined : store.getState().editError?.reason)}
      />
      <TextField label="Sub-agent title" value={sub.title ?? ''} onChange={(title) => store.getState().updateStepFields(sub.id, { title }, 'title')} />
      <TextField
        label="Sub-agent description"
        multiline
        value={sub.description ?? ''}
        onChange={(description) => store.getState().updateStepFields(sub.id, { description }, 'description')}
      />
      <TextField
        label="Sub-agent success criteria"
        multiline
        value={sub.success_criteria ?? ''}
        onChange={(success_criteria) => store.getState().updateStepFields(sub.id, { success_criteria }, 'success_criteria')}
      />
    </div>
  );
}

/** A route that runs a shared orphan step by reference (`orphan_step_ref`) instead of a step of its own. */
function SharedStepRef({ stepId, route }: { stepId: string; route: Route }) {
  const store = useAppStoreApi();
  const ref = route.orphan_step_ref ?? '';
  const open = () => {
    const plan = store.getState().document?.plan;
    const nodeId = plan ? nodeIdOfStep(plan, ref) : undefined;
    if (nodeId) store.getState().focusNode(nodeId);
  };
  return (
    <div className="pv-subagent" data-testid="route-orphan-ref">
      <div className="pv-subagent__header">
        <Share2 size={13} aria-hidden /> Shared step
        <button type="button" className="pv-link" onClick={open}>
          Open
        </button>
      </div>
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

/** A new sub-agent's id: the route id where the file's loader wants them equal (coding-agent-loop on), else one unique to the step. */
function subAgentIdFor(stepId: string, routeId: string, generation: Generation | undefined): string {
  return generation && generationTraits(generation).subAgentIdIsRouteId ? routeId : `${stepId}-${routeId}`;
}
