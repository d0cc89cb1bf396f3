import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AnswerForm } from './answer-form';

describe('AnswerForm', () => {
  it('sends an option by its index, and keeps clicks and keys from the node around it', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn(() => Promise.resolve());
    const onNodeClick = vi.fn();
    const onNodeKey = vi.fn();
    render(
      <div onClick={onNodeClick} onKeyDown={onNodeKey}>
        <AnswerForm
          question={{ stepId: 'ask', question: 'Ship?', responseType: 'multiple_choice', options: ['approve', 'reject'] }}
          onAnswer={onAnswer}
          compact
        />
      </div>,
    );
    await user.click(screen.getByRole('button', { name: 'reject' }));
    expect(onAnswer).toHaveBeenCalledWith(1);
    screen.getByRole('button', { name: 'approve' }).focus();
    await user.keyboard('{Enter}');
    expect(onAnswer).toHaveBeenLastCalledWith(0);
    // React Flow selects a node on a click or Enter inside it: the answer must not.
    expect(onNodeClick).not.toHaveBeenCalled();
    expect(onNodeKey).not.toHaveBeenCalled();
  });

  it('offers Yes and No for a yes/no question, whatever options it lists', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn(() => Promise.resolve());
    render(<AnswerForm question={{ stepId: 'ask', question: 'Ship?', responseType: 'yesno', options: ['sure', 'nope'] }} onAnswer={onAnswer} />);
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onAnswer).toHaveBeenCalledWith('yes');
  });

  it('takes free text, is busy while it is sent, and clears after', async () => {
    const user = userEvent.setup();
    let settle: () => void = () => undefined;
    const onAnswer = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    render(<AnswerForm question={{ stepId: 'ask', question: 'Which region?' }} onAnswer={onAnswer} />);
    const box = screen.getByRole('textbox', { name: 'Answer' });
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(box, 'EU');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onAnswer).toHaveBeenCalledWith('EU');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    settle();
    await waitFor(() => expect(box).toHaveValue(''));
  });
});
