import { describe, expect, it } from 'vitest';
import { tabTitle } from './tab-title';

describe('tabTitle', () => {
  const base = { workflowId: 'Workflow/ResearchReport', unsaved: false, waiting: 0, unseenFailure: false };

  it('names the workflow, or only planvas with none open', () => {
    expect(tabTitle(base)).toBe('ResearchReport — planvas');
    expect(tabTitle({ ...base, workflowId: null })).toBe('planvas');
  });

  it('puts what to come back for in front: a failure, a question (with a count past one), unsaved edits', () => {
    expect(tabTitle({ ...base, waiting: 1 })).toBe('(?) ResearchReport — planvas');
    expect(tabTitle({ ...base, waiting: 3 })).toBe('(3?) ResearchReport — planvas');
    expect(tabTitle({ ...base, unseenFailure: true })).toBe('(!) ResearchReport — planvas');
    expect(tabTitle({ ...base, unsaved: true })).toBe('● ResearchReport — planvas');
    expect(tabTitle({ ...base, unsaved: true, waiting: 1, unseenFailure: true })).toBe('(!) (?) ● ResearchReport — planvas');
  });
});
