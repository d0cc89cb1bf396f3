import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { completed, decision as loggedDecision } from '../../test/log-events';
import { AlignedTodoTable } from './aligned-todo-table';

const decision = (seq: number, todoId: string, title: string, route: string) =>
  loggedDecision(seq, seq, { selected_route_id: route, todo_id_to_execute: todoId, todo_title: title });
const done = (seq: number, todoId: string, result: string) => completed(seq, todoId, { result });

describe('AlignedTodoTable', () => {
  it('marks the diverged route and shows how a result changed, word by word', async () => {
    const user = userEvent.setup();
    render(
      <AlignedTodoTable
        events={[decision(1, 'a', 'Survey', 'lit'), done(2, 'a', 'Found three papers')]}
        otherEvents={[decision(1, 'x', 'Survey', 'facts'), done(2, 'x', 'Found five papers')]}
        stepId="research-todo"
        thisRun={undefined}
        otherRun={undefined}
        thisRef="#2"
        otherRef="#1"
      />,
    );
    const row = screen.getByTestId('aligned-todo');
    expect(row).toHaveAttribute('data-diverged', 'true');
    expect(screen.getByTestId('compare-by-todo')).toHaveTextContent('1 todo · 1 with another route · 0 in one run only');
    await user.click(within(row).getByRole('button', { name: 'Survey' }));
    const diff = screen.getByTestId('result-diff');
    expect(diff.querySelector('del')).toHaveTextContent('three');
    expect(diff.querySelector('ins')).toHaveTextContent('five');
  });
});
