import { describe, expect, it } from 'vitest';
import { navigate } from './router';
import { pathForWorkflow, workflowIdFromPath } from './workflow-route';

describe('router', () => {
  it('encodes a workflow id (a folder path) as one path segment and reads it back', () => {
    expect(pathForWorkflow('Workflow/ResearchReport')).toBe('/workflows/Workflow%2FResearchReport');
    expect(workflowIdFromPath('/workflows/Workflow%2FResearchReport')).toBe('Workflow/ResearchReport');
    expect(workflowIdFromPath(pathForWorkflow('Team/Ops/Four Space & “Indent”'))).toBe('Team/Ops/Four Space & “Indent”');
  });

  it('tolerates an id typed unencoded and ignores other paths', () => {
    expect(workflowIdFromPath('/workflows/Team/Ops/FourSpaceIndent/')).toBe('Team/Ops/FourSpaceIndent');
    expect(workflowIdFromPath('/')).toBeNull();
    expect(workflowIdFromPath('/workflows/')).toBeNull();
    expect(workflowIdFromPath('/workflows/%E0%A4%A')).toBeNull();
  });

  it('pushes history entries so back returns to the previous workflow', () => {
    navigate(pathForWorkflow('A'));
    navigate(pathForWorkflow('B'));
    expect(window.location.pathname).toBe('/workflows/B');
    navigate(pathForWorkflow('C'), { replace: true });
    expect(window.location.pathname).toBe('/workflows/C');
    expect(window.history.length).toBeGreaterThanOrEqual(3);
  });
});
