import { useMemo } from 'react';
import { buildFlow, connect, edgesFrom, END, type Plan } from '@planvas/shared';
import { useAppStore, useAppStoreApi } from '../store/store-context';
import { SelectField, type SelectOption } from './fields';

const LIST_ORDER = '';

/**
 * Where one output of a step goes (`next`, a route, an option, yes/no, true/false): the same
 * edit as connecting its handle on the canvas. "List order" removes the explicit target.
 * Only targets the flow accepts are offered: steps of the main list, or of the step's own branch.
 */
export function TargetSelect({ stepId, handle, label, testId }: { stepId: string; handle: string; label: string; testId?: string }) {
  const store = useAppStoreApi();
  const plan = useAppStore((s) => s.document?.plan ?? null);
  const { value, options } = useMemo(() => (plan ? targetChoices(plan, stepId, handle) : { value: LIST_ORDER, options: [] }), [plan, stepId, handle]);
  if (!plan || options.length === 0) return null;
  return (
    <SelectField
      label={label}
      value={value}
      options={options}
      testId={testId}
      onChange={(target) => {
        if (target === LIST_ORDER) store.getState().disconnectOutput(stepId, handle);
        else store.getState().applyEdit('Connect', (doc) => connect(doc, { source: stepId, sourceHandle: handle, target }), { stepId });
      }}
    />
  );
}

export function targetChoices(plan: Plan, stepId: string, handle: string): { value: string; options: SelectOption[] } {
  const flow = buildFlow(plan);
  const edge = edgesFrom(flow, stepId).find((e) => e.handle === handle);
  const source = flow.nodes.get(stepId);
  if (!edge || !source) return { value: LIST_ORDER, options: [] };
  const explicit = edge.field !== undefined && !(edge.field.includes('if_true_steps') || edge.field.includes('if_false_steps'));
  const fallthrough = source.fallthrough;
  const options: SelectOption[] = [{ value: LIST_ORDER, label: `List order (${fallthrough === END ? 'end' : fallthrough})` }];
  for (const [id, node] of flow.nodes) {
    const reachable = node.scope === 'main' || (source.scope === 'branch' && node.parentId === source.parentId && node.branch === source.branch);
    if (!reachable) continue;
    if (id === stepId && edge.kind === 'next') continue;
    options.push({ value: id, label: `${id}${node.step.title ? ` — ${String(node.step.title)}` : ''}` });
  }
  options.push({ value: END, label: 'End (stop the workflow)' });
  const value = explicit ? edge.target : LIST_ORDER;
  if (explicit && !options.some((o) => o.value === value)) options.push({ value, label: `${value} (not a step of the flow)`, disabled: true });
  return { value, options };
}
