import { describe, expect, it } from 'vitest';
import type { WorkflowSummary } from '../../api/types';
import { neighbourOf, withoutWorkflows, withWorkflow } from './workflow-list-updates';
import { movedId } from './workflow-navigation';

const summary = (id: string, stepCount = 1): WorkflowSummary => ({ id, title: id, stepCount, legacy: false, problemCount: 0 });

describe('workflow list updates', () => {
  it('puts a new row where the server’s id order would, replaces a changed one, keeps the list for an unchanged one', () => {
    const list = [summary('A'), summary('Team/B'), summary('Workflow/C')];
    expect(withWorkflow(list, summary('Team/A')).map((w) => w.id)).toEqual(['A', 'Team/A', 'Team/B', 'Workflow/C']);
    expect(withWorkflow(list, summary('Z')).map((w) => w.id)).toEqual(['A', 'Team/B', 'Workflow/C', 'Z']);
    // Code unit order, as the server sorts: upper case before lower case.
    expect(withWorkflow(list, summary('a')).map((w) => w.id)).toEqual(['A', 'Team/B', 'Workflow/C', 'a']);
    expect(withWorkflow(list, summary('Team/B', 4))[1]).toEqual(summary('Team/B', 4));
    expect(withWorkflow(list, summary('Team/B'))).toBe(list);
    expect(withoutWorkflows(list, ['Team/B']).map((w) => w.id)).toEqual(['A', 'Workflow/C']);
    expect(withoutWorkflows(list, ['gone'])).toBe(list);
  });

  it('picks the next workflow after a delete, else the one before, else none', () => {
    const list = [summary('A'), summary('B'), summary('C')];
    expect(neighbourOf(list, 'B')).toBe('C');
    expect(neighbourOf(list, 'C')).toBe('B');
    expect(neighbourOf([summary('A')], 'A')).toBeNull();
  });

  it('follows a workflow nested in a moved folder', () => {
    expect(movedId('Team/Flow', 'Team/Flow', 'Org/Flow')).toBe('Org/Flow');
    expect(movedId('Team/Flow/Inner', 'Team/Flow', 'Org/Flow')).toBe('Org/Flow/Inner');
    expect(movedId('Team/Flower', 'Team/Flow', 'Org/Flow')).toBeNull();
  });
});
