import { excerpt, titleOf } from './text';

/** Title and the step's question (or its description), the body of the kinds that ask something. */
export function QuestionBody({
  step,
  question,
  placeholder,
  lines = 2,
  max = 160,
  className,
}: {
  step: { id: string; title?: string | null; description?: string | null };
  question: string | null | undefined;
  placeholder: string;
  lines?: 2 | 3;
  max?: number;
  className?: string;
}) {
  return (
    <>
      <div className="pv-node__title" title={titleOf(step)}>
        {titleOf(step)}
      </div>
      <p className={`pv-node__desc pv-lines-${lines}${className ? ` ${className}` : ''}`} title={question ?? undefined}>
        {excerpt(question || step.description, max) || <span className="pv-node__placeholder">{placeholder}</span>}
      </p>
    </>
  );
}
