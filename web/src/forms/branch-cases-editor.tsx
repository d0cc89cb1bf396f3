import { useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import type { RoutingRoute } from '@planvas/shared';
import { CommitField, SelectField } from './fields';
import { useStepUpdate } from './use-step-update';

type Props = {
  stepId: string;
  cases: Readonly<Record<string, string>> | null | undefined;
  routes: ReadonlyArray<RoutingRoute>;
};

const NO_ROUTE = '';

/**
 * A branch's `value_cases`: the value read at `value_path` picks the route it maps to. Each row is
 * one case (value → route id), kept in the file's order; renaming a value keeps its place.
 * The map is rebuilt with Object.fromEntries, so a value such as `__proto__` is an own key.
 */
export function BranchCasesEditor({ stepId, cases, routes }: Props) {
  const { commit } = useStepUpdate(stepId);
  const [draft, setDraft] = useState('');
  const entries = Object.entries(cases ?? {});
  const write = (next: Array<[string, string]>) => commit({ value_cases: next.length === 0 ? undefined : Object.fromEntries(next) });
  const routeOptions = (current: string) => {
    const options = routes.map((r) => ({ value: r.route_id, label: r.route_name?.trim() ? `${r.route_name} (${r.route_id})` : r.route_id }));
    if (routes.some((r) => r.route_id === current)) return options;
    // The runtime also takes a case that names the target of exactly one route (agentworks'
    // resolveRouteSelectionValue); anything else stays visible as such, and the checks flag it.
    const via = routes.filter((r) => r.next_step_id === current);
    const label =
      current === NO_ROUTE ? '(choose a route)' : via.length === 1 ? `${current} (route ${via[0]!.route_id}'s target)` : `${current} (no such route)`;
    return [{ value: current, label }, ...options];
  };
  const rename = (index: number, value: string): string | undefined => {
    const key = value.trim();
    if (key === '') return 'a case needs a value';
    if (entries.some(([k], i) => i !== index && k === key)) return `there is already a case for "${key}"`;
    return write(entries.map(([k, v], i) => (i === index ? [key, v] : [k, v])));
  };
  const add = () => {
    const key = draft.trim();
    if (key === '' || entries.some(([k]) => k === key)) return;
    if (write([...entries, [key, routes[0]?.route_id ?? NO_ROUTE]]) === undefined) setDraft('');
  };
  return (
    <div className="pv-cases" data-testid="branch-cases-editor">
      {entries.length === 0 && <p className="pv-muted">No value cases: the branch asks its question, else takes the default route.</p>}
      {entries.map(([value, routeId], index) => (
        <div className="pv-case" key={`${index}`} data-testid="branch-case" data-case-value={value}>
          <CommitField label="When the value is" mono value={value} onCommit={(next) => rename(index, next)} testId="case-value" />
          <SelectField
            label="Take route"
            value={routeId}
            options={routeOptions(routeId)}
            onChange={(next) => write(entries.map(([k, v], i) => (i === index ? [k, next] : [k, v])))}
            testId="case-route"
          />
          <button
            type="button"
            className="pv-icon-button pv-icon-button--small pv-danger"
            aria-label={`Remove case ${value}`}
            onClick={() => write(entries.filter((_, i) => i !== index))}
          >
            <Trash2 size={13} />
          </button>
        </div>
      ))}
      <div className="pv-case pv-case--new">
        <label className="pv-visually-hidden" htmlFor={`${stepId}-new-case`}>
          New case value
        </label>
        <input
          id={`${stepId}-new-case`}
          className="pv-input pv-input--mono"
          placeholder="a value, e.g. approved"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && add()}
          data-testid="new-case-value"
        />
        <button
          type="button"
          className="pv-button pv-button--add"
          data-testid="add-case"
          disabled={draft.trim() === '' || entries.some(([k]) => k === draft.trim())}
          onClick={add}
        >
          <Plus size={14} aria-hidden /> Add case
        </button>
      </div>
    </div>
  );
}
