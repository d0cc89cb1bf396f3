import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TodoItem } from '@planvas/shared';
import { ForkDialog, type ForkChoice } from './fork-dialog';

const todos: TodoItem[] = [
  { id: 'a', title: 'Survey', status: 'completed' },
  { id: 'b', title: 'Extract', status: 'open' },
];

describe('ForkDialog', () => {
  it('starts with the edited todos, objective and the chosen provider and pace', async () => {
    const user = userEvent.setup();
    const onStart = vi.fn<(choice: ForkChoice) => Promise<unknown>>(async () => undefined);
    render(<ForkDialog iteration={2} todos={todos} objective="Old goal" onStart={onStart} onClose={() => undefined} />);
    const dialog = screen.getByTestId('fork-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Continue from iteration 2' })).toBeVisible();
    await user.clear(within(dialog).getByLabelText('Objective'));
    await user.type(within(dialog).getByLabelText('Objective'), 'New goal');
    await user.selectOptions(within(dialog).getByLabelText('Todo 1 status'), 'open');
    await user.click(within(dialog).getByRole('button', { name: 'Nest todo 2 under the one above' }));
    await user.click(within(dialog).getByTestId('fork-add-todo'));
    // A todo without a title cannot start the run.
    expect(within(dialog).getByTestId('fork-start')).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Todo 3 title'), 'Check sources');
    await user.selectOptions(within(dialog).getByLabelText('Provider and pace'), 'Scripted · no delay');
    await user.click(within(dialog).getByTestId('fork-start'));
    const choice = onStart.mock.calls[0]![0];
    expect(choice.objective).toBe('New goal');
    expect(choice.mode).toMatchObject({ provider: 'scripted', paceMs: 0 });
    expect(choice.todos).toEqual([
      { id: 'a', title: 'Survey', status: 'open' },
      { id: 'b', title: 'Extract', status: 'open', depth: 1 },
      { id: 'todo_edit_3', title: 'Check sources', status: 'open', depth: 0 },
    ]);
  });
});
