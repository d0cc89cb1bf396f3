import { leniently, NEXT_OUTPUT, routesOf, stepKindSpec, type KnownStep } from '@planvas/shared';
import type { RailOutput } from '../handles';
import { delegationOutputs, NEXT_HANDLE } from './route-outputs';

/**
 * The labelled outputs of a step, from shared's flow outputs of its kind (so a handle exists for
 * every edge the flow draws) and, for the kinds that delegate, one per route (+ the generic agent)
 * before them. A step whose only way out is its unlabelled `next` gets no rail: the node then has
 * one centred output. The route a routing or branch step falls back to is marked `(default)`.
 */
export function stepRail(step: KnownStep, genericAgent: boolean): RailOutput[] {
  const outputs = leniently(() => stepKindSpec(step.type).outputs(step), [...NEXT_OUTPUT]);
  const delegation = routesOf(step);
  if (delegation) {
    const rest = outputs.filter((o) => o.handle !== NEXT_HANDLE).map((o) => ({ id: o.handle, label: o.label ?? o.handle }));
    return [...delegationOutputs(delegation.routes, genericAgent, false), ...rest, { id: NEXT_HANDLE, label: 'Next' }];
  }
  if (outputs.length === 1 && outputs[0]?.handle === NEXT_HANDLE && outputs[0].label === undefined) return [];
  const fallback = (step as { default_route_id?: unknown }).default_route_id;
  return outputs.map((o) => {
    const label = o.label?.trim() ? o.label : o.handle;
    return { id: o.handle, label: o.handle === fallback ? `${label} (default)` : label };
  });
}
