import { useId, useState } from 'react';
import { ArrowDown, ArrowUp, IndentDecrease, IndentIncrease, Plus, Trash2, type LucideIcon } from 'lucide-react';
import type { TodoItem } from '@planvas/shared';
import { RUN_MODES } from '../../runs/run-controls';
import { ChoiceSelect } from '../../ui/choice-select';
import { Dialog } from '../../ui/dialog';
import { addTodo, indentTodo, moveTodo, outdentTodo, removeTodo } from './todo-edits';
import './fork-dialog.css';

/** What the user chose to start the branch with. */
export type ForkChoice = { todos: TodoItem[]; objective: string; mode: (typeof RUN_MODES)[number] };

const STATUSES = ['open', 'in_progress', 'completed', 'blocked'] as const;

/** The edits of a todo's row (`#` is its number in the list). */
const TOOLS: ReadonlyArray<{ label: string; icon: LucideIcon; edit: (todos: ReadonlyArray<TodoItem>, index: number) => TodoItem[] }> = [
  { label: 'Move todo # up', icon: ArrowUp, edit: (todos, i) => moveTodo(todos, i, -1) },
  { label: 'Move todo # down', icon: ArrowDown, edit: (todos, i) => moveTodo(todos, i, 1) },
  { label: 'Nest todo # under the one above', icon: IndentIncrease, edit: indentTodo },
  { label: 'Move todo # up a level', icon: IndentDecrease, edit: outdentTodo },
  { label: 'Remove todo #', icon: Trash2, edit: removeTodo },
];

/**
 * "Continue from here": the todo list and objective as they were at the iteration, to change before
 * the branch starts (add, remove, reorder, nest, retitle, change status), and how to run it. The
 * server records what changed (docs/api.md, `from.todos` / `from.objective`).
 */
export function ForkDialog({
  iteration,
  todos: initialTodos,
  objective: initialObjective,
  onStart,
  onClose,
}: {
  iteration: number;
  todos: ReadonlyArray<TodoItem>;
  objective: string;
  onStart(choice: ForkChoice): Promise<unknown>;
  onClose(): void;
}) {
  const [todos, setTodos] = useState<TodoItem[]>(() => initialTodos.map((t) => ({ ...t })));
  const [objective, setObjective] = useState(initialObjective);
  const [modeValue, setModeValue] = useState(RUN_MODES[0]!.value);
  const [busy, setBusy] = useState(false);
  const objectiveId = useId();
  const empty = todos.some((t) => t.title.trim() === '');
  const patch = (index: number, change: Partial<TodoItem>) => setTodos(todos.map((t, i) => (i === index ? { ...t, ...change } : t)));
  const start = async () => {
    setBusy(true);
    try {
      await onStart({ todos, objective, mode: RUN_MODES.find((m) => m.value === modeValue) ?? RUN_MODES[0]! });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={`Continue from iteration ${iteration}`}
      subtitle="A new run starts from this state with the plan as it is now; change the todos or the objective first if you like."
      onClose={onClose}
      size="wide"
      testId="fork-dialog"
      actions={
        <button type="button" className="pv-button pv-button--primary" disabled={busy || empty} onClick={() => void start()} data-testid="fork-start">
          {busy ? 'Starting…' : 'Start run'}
        </button>
      }
    >
      <div className="pv-fork">
        <label htmlFor={objectiveId} className="pv-fork__label">
          Objective
        </label>
        <textarea id={objectiveId} className="pv-input" rows={3} value={objective} onChange={(e) => setObjective(e.target.value)} />
        <div className="pv-fork__label">Todos</div>
        <ol className="pv-fork__todos" aria-label="Todos to start from">
          {todos.map((todo, index) => (
            <li
              key={todo.id}
              className="pv-fork__todo"
              style={{ paddingLeft: `${(todo.depth ?? 0) * 20}px` }}
              data-testid="fork-todo"
              data-depth={todo.depth ?? 0}
            >
              <input
                className="pv-input"
                aria-label={`Todo ${index + 1} title`}
                value={todo.title}
                placeholder="What needs doing"
                onChange={(e) => patch(index, { title: e.target.value })}
              />
              <select aria-label={`Todo ${index + 1} status`} value={todo.status} onChange={(e) => patch(index, { status: e.target.value })}>
                {[...new Set([...STATUSES, todo.status])].map((s) => (
                  <option key={s} value={s}>
                    {s.replace('_', ' ')}
                  </option>
                ))}
              </select>
              <span className="pv-fork__tools">
                {TOOLS.map(({ label, icon: Icon, edit }) => (
                  <button
                    key={label}
                    type="button"
                    className="pv-icon-button pv-icon-button--small"
                    aria-label={label.replace('#', String(index + 1))}
                    onClick={() => setTodos(edit(todos, index))}
                  >
                    <Icon size={13} aria-hidden />
                  </button>
                ))}
              </span>
            </li>
          ))}
        </ol>
        <button type="button" className="pv-link-button" onClick={() => setTodos(addTodo(todos))} data-testid="fork-add-todo">
          <Plus size={13} aria-hidden /> Add a todo
        </button>
        <div className="pv-fork__mode">
          <ChoiceSelect label={<span className="pv-fork__label">Provider and pace</span>} value={modeValue} choices={RUN_MODES} onChange={setModeValue} />
        </div>
      </div>
    </Dialog>
  );
}
