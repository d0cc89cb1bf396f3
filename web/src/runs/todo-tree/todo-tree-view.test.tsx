import { render, screen, within } from '@testing-library/react';
import type { TodoItem } from '@planvas/shared';
import { describe, expect, it } from 'vitest';
import { TodoTreeView } from './todo-tree-view';

const todo = (id: string, status: string, depth?: number, extra: Partial<TodoItem> = {}): TodoItem => ({
  id,
  title: `Title ${id}`,
  status,
  ...(depth !== undefined ? { depth } : {}),
  ...extra,
});

describe('TodoTreeView', () => {
  it('numbers the pre-ordered list as a tree from depth', () => {
    render(
      <TodoTreeView
        todos={[todo('a', 'completed'), todo('b', 'in_progress', 1), todo('c', 'open', 2), todo('d', 'open', 1), todo('e', 'blocked'), todo('f', 'done', 5)]}
      />,
    );
    const rows = screen.getAllByTestId('todo-row');
    expect(rows.map((r) => within(r).getByTestId('todo-number').textContent)).toEqual(['1', '1.1', '1.1.1', '1.2', '2', '2.1']);
    // A depth deeper than the position allows is clamped one level below the row before.
    expect(rows.map((r) => r.getAttribute('aria-level'))).toEqual(['1', '2', '3', '2', '1', '2']);
  });

  it('counts progress over leaf todos only, with the compact summary line', () => {
    render(
      <TodoTreeView
        todos={[
          todo('parent', 'completed'),
          todo('p1', 'completed', 1),
          todo('p2', 'in_progress', 1),
          todo('p3', 'delegated', 1),
          todo('solo', 'needs_user'),
          todo('last', 'skipped'),
        ]}
      />,
    );
    // Leaves: p1 (done), p2 + p3 (active), solo (blocked: waits for a person), last (closed).
    expect(screen.getByTestId('todo-summary')).toHaveTextContent('todos 2/5 · active 2 · blocked 1');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuemax', '5');
  });

  it('shows status chips of both status sets, the assigned agent and the result', () => {
    render(
      <TodoTreeView
        todos={[
          todo('a', 'completed', 0, { assigned_agent: 'literature', result: 'notes written' }),
          todo('b', 'claim_returned', 0, { assigned_agent: 'generic' }),
        ]}
      />,
    );
    const [a, b] = screen.getAllByTestId('todo-row');
    expect(a).toHaveTextContent('literature');
    expect(a).toHaveTextContent('notes written');
    expect(within(a!).getByText('completed')).toHaveClass('pv-todo-chip--completed');
    expect(b).toHaveTextContent('Generic Agent');
    expect(within(b!).getByText('claim returned')).toHaveClass('pv-todo-chip--in_progress');
  });

  it('says when there are no todos', () => {
    render(<TodoTreeView todos={[]} />);
    expect(screen.getByText('No todos yet')).toBeInTheDocument();
    expect(screen.getByTestId('todo-summary')).toHaveTextContent('todos 0/0');
  });
});
