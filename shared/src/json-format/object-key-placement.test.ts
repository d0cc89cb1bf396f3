import { describe, expect, it } from 'vitest';
import { parseJsonSource } from './parse-json-source';
import { stringifyPreserving } from './stringify-preserving';
import { lineDiff, planText, planToEdit, type PlanStep } from '../test-support/plan-document';

// Keys: the original ones in the order of the text, new ones beside their neighbours.
describe('stringifyPreserving: a no-op save is byte-identical', () => {
  it('ignores the key order of the value it is given', () => {
    const { source, plan } = planToEdit();
    const reordered = { workflow_optimized: plan.workflow_optimized, steps: plan.steps, objective: plan.objective };
    expect(stringifyPreserving(reordered, source)).toBe(planText);
  });
});

describe('stringifyPreserving: edits', () => {
  it('keeps integer-like keys in file order even in a re-created value', () => {
    expect(planText).toContain('"0": "build",\n        "reject": "collect",\n        "2": "end"');
    const { source, plan } = planToEdit();
    expect(Object.keys(plan.steps[1]?.option_routes as object)).toEqual(['0', '2', 'reject']);
    (plan.steps[1]?.option_routes as Record<string, string>).reject = 'ship';
    const output = stringifyPreserving(plan, source);
    expect(output.indexOf('"0"')).toBeLessThan(output.indexOf('"reject"'));
    expect(output.indexOf('"reject"')).toBeLessThan(output.indexOf('"2"'));
    expect(lineDiff(planText, output)).toEqual({
      removed: ['        "reject": "collect",'],
      added: ['        "reject": "ship",'],
    });
  });

  it("puts a new key beside its neighbours in the value's order, and integer-like keys last", () => {
    const { source, plan } = planToEdit();
    const step = plan.steps[3] as PlanStep;
    // "zeta" comes first in the value; "7" is first in any JS object whatever its place, so it says nothing.
    plan.steps[3] = { zeta: 'z', '7': 'seven', ...step } as PlanStep;
    const output = stringifyPreserving(plan, source);
    expect(output).toBe(
      planText
        .replace('{\n      "id": "ship",', '{\n      "zeta": "z",\n      "id": "ship",')
        .replace('"max_iterations": 3\n', '"max_iterations": 3,\n      "7": "seven"\n'),
    );
  });

  it('writes a renamed key where the old one was (after its predecessor in the value)', () => {
    const { source, plan } = planToEdit();
    const { title, ...rest } = plan.steps[3] as PlanStep;
    const { id, type, max_iterations } = rest;
    plan.steps[3] = { id, type, heading: title, max_iterations } as unknown as PlanStep;
    expect(stringifyPreserving(plan, source)).toBe(planText.replace('"title": "Ship"', '"heading": "Ship"'));
  });

  it('writes a key inserted before all others in the value before the first original key', () => {
    const { source, plan } = planToEdit();
    plan.steps[3] = { first: true, ...(plan.steps[3] as PlanStep) } as PlanStep;
    expect(stringifyPreserving(plan, source)).toBe(planText.replace('{\n      "id": "ship",', '{\n      "first": true,\n      "id": "ship",'));
  });

  it('keeps the last of duplicate keys when the object changes', () => {
    const source = parseJsonSource('{\n  "a": 1,\n  "b": 2,\n  "a": 3\n}\n');
    expect(stringifyPreserving({ a: 3, b: 5 }, source)).toBe('{\n  "b": 5,\n  "a": 3\n}\n');
  });
});
