import type { ReactNode } from 'react';
import { titleOf, excerpt } from './text';

/** Title and description excerpt, the body every step-like node starts with. */
export function StepBody({
  step,
  lines = 2,
  children,
}: {
  step: { id: string; title?: string | null; description?: string | null };
  lines?: 1 | 2 | 3;
  children?: ReactNode;
}) {
  const description = excerpt(step.description, 220);
  return (
    <>
      <div className="pv-node__title" title={titleOf(step)}>
        {titleOf(step)}
      </div>
      <p className={`pv-node__desc pv-lines-${lines}`} title={step.description ?? undefined}>
        {description || <span className="pv-node__placeholder">No description</span>}
      </p>
      {children}
    </>
  );
}
