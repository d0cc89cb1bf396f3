import { useId, useState } from 'react';
import './answer-form.css';

/** A question a run waits on, as the run controls have it (store `WaitingInput`). */
export type OpenQuestion = { stepId: string; question: string; responseType?: string; options?: string[] };

/** What `POST /api/runs/:runId/input` takes (docs/api.md): text, `yes`/`no`, or an option's index. */
export type Answer = string | number;

export type AnswerFormProps = {
  question: OpenQuestion;
  /** Sends the answer; the form stays busy until it settles. */
  onAnswer(answer: Answer): Promise<void>;
  /** The node's form: small controls, no question text (the node shows it already). */
  compact?: boolean;
  testId?: string;
};

/** The answers to offer as buttons: yes/no for a yes/no question, else the options; none asks for text. */
function choicesOf(question: OpenQuestion): Array<{ label: string; answer: Answer }> {
  if (question.responseType === 'yesno') {
    return [
      { label: 'Yes', answer: 'yes' },
      { label: 'No', answer: 'no' },
    ];
  }
  return (question.options ?? []).map((option, index) => ({ label: option, answer: index }));
}

/**
 * The answer to a human_input question: one button per choice (yes/no or the options), or a text
 * box. The same form is in the run panel and on the waiting node itself, so a user answers where
 * they look. Clicks and keys stay inside it (the node around it must not take them for a
 * selection or a drag).
 */
export function AnswerForm({ question, onAnswer, compact = false, testId }: AnswerFormProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const inputId = useId();
  const choices = choicesOf(question);
  const send = async (answer: Answer) => {
    setSending(true);
    try {
      await onAnswer(answer);
      setText('');
    } finally {
      setSending(false);
    }
  };
  return (
    <form
      className={`pv-answer-form${compact ? ' pv-answer-form--compact nodrag nopan nowheel' : ''}`}
      aria-label={`Answer: ${question.question}`}
      data-testid={testId}
      aria-busy={sending}
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) void send(text);
      }}
      onClick={(e) => e.stopPropagation()}
      onDoubleClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
    >
      {choices.length > 0 ? (
        <div className="pv-answer-form__choices" role="group" aria-label="Answers">
          {choices.map((choice, index) => (
            <button key={`${index}-${choice.label}`} type="button" className="pv-button" disabled={sending} onClick={() => void send(choice.answer)}>
              {choice.label}
            </button>
          ))}
        </div>
      ) : (
        <div className="pv-answer-form__text">
          <label htmlFor={inputId} className="pv-visually-hidden">
            Answer
          </label>
          <input id={inputId} value={text} onChange={(e) => setText(e.target.value)} placeholder="Your answer" autoComplete="off" />
          <button type="submit" className="pv-primary-button" disabled={sending || !text.trim()}>
            Send
          </button>
        </div>
      )}
    </form>
  );
}
