import { memo, type ReactNode } from 'react';
import { CheckCircle2, CirclePlus, History, RefreshCw } from 'lucide-react';
import { isEvent, knownEvent, type PlanvasEvent, type TodoTaskStepCompleted } from '@planvas/shared';
import { useRunRef } from '../runs/run-format';
import { TodoStatusChip } from '../runs/todo-tree/todo-status-chip';
import { inheritedText, seededFrom, type Inheritance } from './lineage';
import { agentLabel, decisionOf, tierLabel, type DecisionFields, type LogGroup } from './log-model';
import { RawJson } from './raw-json';

export type IterationGroupRowProps = {
  group: LogGroup;
  selected: boolean;
  /** Shows the plan as it was at this iteration; absent where snapshots are not offered. */
  onSelect?: (group: LogGroup) => void;
};

const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/**
 * One iteration in the timeline: its orchestrator decision(s) with everything the seed's popup
 * shows, then the todo item events placed in it. The planning group holds the todos created before
 * the first decision.
 */
export const IterationGroupRow = memo(function IterationGroupRow({ group, selected, onSelect }: IterationGroupRowProps) {
  const planning = group.kind === 'planning';
  // A branched run's first card: the parent's snapshot it starts from, standing for the parent's iterations.
  const seeded = group.decisions.length === 0 ? seededFrom(group) : undefined;
  const parentRef = useRunRef(seeded?.runId ?? null);
  const label = seeded && parentRef ? inheritedText(seeded.iteration, parentRef) : planning ? 'Planning' : `Iteration ${group.iteration}`;
  return (
    <article
      className={`pv-iteration${selected ? ' is-selected' : ''}${planning ? ' pv-iteration--planning' : ''}`}
      data-testid="iteration-group"
      data-iteration={planning ? 'planning' : String(group.iteration)}
      data-inherited={seeded ? 'true' : undefined}
      aria-label={label}
    >
      <span className="pv-iteration__dot" aria-hidden />
      <header className="pv-iteration__header">
        <h3>{label}</h3>
        {group.decisions.map((d) => (
          <ActionBadge key={d.seq} action={str(decisionOf(d)?.next_action)} />
        ))}
        <span className="pv-iteration__spacer" />
        {onSelect ? (
          <button type="button" className="pv-link-button" aria-pressed={selected} onClick={() => onSelect(group)}>
            <History size={12} aria-hidden /> {selected ? 'Showing plan' : 'Plan at this point'}
          </button>
        ) : null}
      </header>
      {group.decisions.map((decision) => (
        <Decision key={decision.seq} event={decision} />
      ))}
      {group.items.length > 0 ? (
        <ul className="pv-iteration__items" aria-label={`Todo changes in ${label.toLowerCase()}`}>
          {group.items.map((item) => (
            <ItemEntry key={item.seq} event={item} />
          ))}
        </ul>
      ) : null}
      {seeded && parentRef ? (
        <InheritedNote seeded={seeded} parentRef={parentRef} />
      ) : group.decisions.length === 0 && group.items.length === 0 ? (
        <p className="pv-muted">{group.snapshots.length > 0 ? 'The todo list as it was before the first iteration.' : 'No decisions or todo changes.'}</p>
      ) : null}
    </article>
  );
});

function InheritedNote({ seeded, parentRef }: { seeded: Inheritance; parentRef: string }) {
  const where = seeded.iteration > 0 ? `at iteration ${seeded.iteration}` : 'before its first iteration';
  return (
    <p className="pv-muted" data-testid="inherited-note">
      This run continued from {parentRef} {where}: {seeded.iteration > 0 ? 'those iterations ran there, and ' : ''}its todo list and objective start as they
      were then. Their logs are in {parentRef} (Compare shows both side by side).
    </p>
  );
}

function ActionBadge({ action }: { action: string | undefined }) {
  if (!action) return null;
  return <span className={`pv-action pv-action--${action}`}>{action}</span>;
}

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`pv-field${wide ? ' pv-field--wide' : ''}`}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The decision's free texts, each shown across the row when it says something. */
const DECISION_TEXTS = [
  { key: 'selection_reasoning', label: 'Selection reasoning' },
  { key: 'instructions_to_sub_agent', label: 'Instructions to sub-agent' },
  { key: 'success_criteria_for_sub_agent', label: 'Success criteria' },
  { key: 'progress_summary', label: 'Progress' },
  { key: 'completion_reason', label: 'Completion reason' },
] as const satisfies ReadonlyArray<{ key: keyof DecisionFields; label: string }>;

/** A decision: what the popup of the system planvas mirrors shows. One whose payload failed its schema shows only its raw JSON. */
function Decision({ event }: { event: PlanvasEvent }) {
  const d: DecisionFields = decisionOf(event) ?? {};
  const agent = agentLabel(d);
  const todo = str(d.todo_title) ?? str(d.todo_id_to_execute);
  const tier = tierLabel(d);
  const model = str(d.model);
  return (
    <div className="pv-entry pv-entry--decision" data-testid="log-entry" data-seq={event.seq} data-type={event.type}>
      <dl className="pv-fields">
        <Field label="Next action">{str(d.next_action) ?? '—'}</Field>
        <Field label="Agent">{agent ?? '—'}</Field>
        {todo ? (
          <Field label="Todo">
            {todo}
            {str(d.todo_title) && str(d.todo_id_to_execute) ? <code className="pv-muted"> {d.todo_id_to_execute}</code> : null}
          </Field>
        ) : null}
        {model || tier ? <Field label="Model">{[model, tier].filter(Boolean).join(' · ')}</Field> : null}
        {DECISION_TEXTS.map(({ key, label }) => {
          const text = str(d[key]);
          return text ? (
            <Field key={key} label={label} wide>
              {text}
            </Field>
          ) : null;
        })}
        {d.iteration_inferred === true ? (
          <Field label="Note" wide>
            The log line had no iteration; counted as iteration 1.
          </Field>
        ) : null}
      </dl>
      <RawJson value={event} fileName={`event-${event.seq}`} />
    </div>
  );
}

function ItemEntry({ event }: { event: PlanvasEvent }) {
  const item = knownEvent(event);
  let icon: ReactNode;
  let body: ReactNode;
  if (item?.type === 'todo_task_item_created') {
    const d = item.data;
    icon = <CirclePlus size={13} aria-hidden />;
    body = (
      <>
        Created <strong>{titleOf(d)}</strong>
        {str(d.priority) ? <span className="pv-muted"> · {d.priority} priority</span> : null}
        {str(d.assigned_agent) ? <span className="pv-muted"> · {d.assigned_agent}</span> : null}
      </>
    );
  } else if (item?.type === 'todo_task_item_updated') {
    const d = item.data;
    icon = <RefreshCw size={13} aria-hidden />;
    body = (
      <>
        Updated <strong>{titleOf(d)}</strong> <TodoStatusChip status={d.old_status} /> → <TodoStatusChip status={d.new_status} />
        {str(d.notes) ? <span className="pv-muted"> {d.notes}</span> : null}
      </>
    );
  } else {
    const d = item?.type === 'todo_task_item_completed' ? item.data : undefined;
    icon = <CheckCircle2 size={13} aria-hidden />;
    body = (
      <>
        Completed <strong>{titleOf(d ?? {})}</strong>
        {str(d?.result) ? <span className="pv-muted"> — {d?.result}</span> : null}
      </>
    );
  }
  return (
    <li
      className={`pv-entry pv-entry--item pv-entry--${event.type.replace('todo_task_item_', '')}`}
      data-testid="log-entry"
      data-seq={event.seq}
      data-type={event.type}
    >
      <div className="pv-entry__line">
        {icon}
        <span>{body}</span>
      </div>
      <RawJson value={event} fileName={`event-${event.seq}`} />
    </li>
  );
}

function titleOf(item: { title?: string | null; todo_id?: string }): string {
  return str(item.title) ?? str(item.todo_id) ?? 'todo';
}

/**
 * The step-completed summary (docs/api.md "Event envelope", `todo_task_step_completed`), with the
 * todos counted as everywhere else (`counts`, lineage.ts `stepCompletedCounts`).
 */
export function StepCompletedSummary({ event, counts }: { event: PlanvasEvent; counts?: { completed: number; total: number } | undefined }) {
  const d: Partial<TodoTaskStepCompleted> = isEvent(event, 'todo_task_step_completed') ? event.data : {};
  const num = (v: number | undefined) => (typeof v === 'number' ? v : '?');
  return (
    <article className="pv-iteration pv-iteration--completed" data-testid="step-completed" data-seq={event.seq}>
      <span className="pv-iteration__dot" aria-hidden />
      <header className="pv-iteration__header">
        <h3>Step completed</h3>
      </header>
      <dl className="pv-fields">
        <Field label="Iterations">{num(d.total_iterations)}</Field>
        <Field label="Todos completed">
          <span data-testid="step-completed-todos">
            {counts ? `${counts.completed} of ${counts.total}` : `${num(d.completed_count)} of ${num(d.total_todos_count)}`}
          </span>
        </Field>
        {str(d.next_step_id) ? <Field label="Next step">{d.next_step_id}</Field> : null}
        {str(d.completion_reason) ? (
          <Field label="Reason" wide>
            {d.completion_reason}
          </Field>
        ) : null}
      </dl>
      <RawJson value={event} fileName={`event-${event.seq}`} />
    </article>
  );
}
