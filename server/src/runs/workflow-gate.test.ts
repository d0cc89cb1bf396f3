import { describe, expect, it } from 'vitest';
import { WorkflowBusy } from './run-errors';
import { WorkflowGate } from './workflow-gate';

describe('WorkflowGate', () => {
  it('refuses a run start in a frozen workflow or one inside its folder, and allows it once thawed', () => {
    const gate = new WorkflowGate();
    const thaw = gate.freeze(['Team/A']);
    expect(() => gate.enter('Team/A')).toThrow(WorkflowBusy);
    expect(() => gate.enter('Team/A/Inner')).toThrow(WorkflowBusy);
    // A sibling sharing the prefix is another workflow.
    gate.enter('Team/AB')();
    thaw();
    gate.enter('Team/A')();
  });

  it('refuses to freeze a workflow while a run of it (or of one in its folder) is being made', () => {
    const gate = new WorkflowGate();
    const leave = gate.enter('Team/A/Inner');
    const leaveToo = gate.enter('Team/A/Inner');
    expect(() => gate.freeze(['Team/A'])).toThrow(WorkflowBusy);
    leave();
    leave();
    expect(() => gate.freeze(['Team'])).toThrow(WorkflowBusy);
    leaveToo();
    gate.freeze(['Team'])();
  });

  it('keeps two changes of overlapping workflows apart, and a failed freeze holds nothing', () => {
    const gate = new WorkflowGate();
    const thaw = gate.freeze(['Team/A', 'Other']);
    expect(() => gate.freeze(['Team'])).toThrow(WorkflowBusy);
    expect(() => gate.freeze(['New', 'Team/A/B'])).toThrow(WorkflowBusy);
    // `New` was not left frozen by the refused call.
    gate.enter('New')();
    thaw();
    gate.freeze(['Team'])();
  });
});
