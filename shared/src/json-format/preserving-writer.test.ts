import { describe, expect, it } from 'vitest';
import { parseJsonSource } from './parse-json-source';
import { stringifyPreserving } from './stringify-preserving';
import { lineDiff, planText, planToEdit, roundTripped, writePlan, type Plan, type PlanStep } from '../test-support/plan-document';

// Edits found by walking the value against the original: only changed values are rewritten, and
// array elements are paired with their originals by id.
describe('stringifyPreserving: edits', () => {
  it.each([
    ['2-space', '  '],
    ['4-space', '    '],
    ['tab', '\t'],
  ])('changes exactly one line when one title is edited (%s)', (_name, indent) => {
    const text = `${writePlan(indent)}\n`;
    const { source, plan } = planToEdit(text);
    const step = plan.steps[2];
    if (step === undefined) throw new Error('fixture changed');
    step.title = 'Build it — properly';
    const output = stringifyPreserving(plan, source);
    expect(lineDiff(text, output)).toEqual({
      removed: [`${indent.repeat(3)}"title": "Build it",`],
      added: [`${indent.repeat(3)}"title": "Build it — properly",`],
    });
    expect(JSON.parse(output)).toEqual(plan);
  });

  it('recognises steps by id, so a hand-formatted step survives a neighbour being removed and steps moving', () => {
    const text = [
      '{',
      '  "steps": [',
      '    {"id": "a", "title": "A"},',
      '    {',
      '      "id" : "b",',
      '      "option_routes": {"1": "a", "0": "c"},',
      '      "n": 1.50',
      '    },',
      '    {',
      '      "id": "c"',
      '    }',
      '  ]',
      '}',
      '',
    ].join('\n');
    const source = parseJsonSource(text);
    const value = roundTripped(source.value) as { steps: PlanStep[] };
    const [a, b, c] = value.steps;
    if (a === undefined || b === undefined || c === undefined) throw new Error('fixture changed');
    value.steps = [c, b];
    const output = stringifyPreserving(value, source);
    expect(output).toBe(
      [
        '{',
        '  "steps": [',
        '    {',
        '      "id": "c"',
        '    },',
        '    {',
        '      "id" : "b",',
        '      "option_routes": {"1": "a", "0": "c"},',
        '      "n": 1.50',
        '    }',
        '  ]',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('recognises routes by route_id', () => {
    const { source, plan } = planToEdit();
    const routes = plan.steps[2]?.predefined_routes as { route_id: string; route_name: string }[];
    routes.reverse();
    (routes[0] as { route_name: string }).route_name = 'Documentation';
    const output = stringifyPreserving(plan, source);
    expect(JSON.parse(output)).toEqual(plan);
    const { removed, added } = lineDiff(planText, output);
    // Two moved route blocks of 9 lines each; the rename is the only line that differs in content.
    expect(removed.length).toBe(added.length);
    expect(added.filter((line) => !removed.includes(line))).toEqual(['          "route_name": "Documentation",']);
  });

  it('treats a step whose id was renamed as the same step, keeping its key order', () => {
    const { source, plan } = planToEdit();
    (plan.steps[1] as PlanStep).id = 'approve';
    const output = stringifyPreserving(plan, source);
    expect(lineDiff(planText, output)).toEqual({
      removed: ['      "id": "ask",'],
      added: ['      "id": "approve",'],
    });
  });

  it('rewrites only the line of a deeply nested change', () => {
    const { source, plan } = planToEdit();
    const schema = plan.steps[2]?.validation_schema as { files: { json_checks: { min_length: number }[] }[] };
    const check = schema.files[0]?.json_checks[0];
    if (check === undefined) throw new Error('fixture changed');
    check.min_length = 2;
    expect(lineDiff(planText, stringifyPreserving(plan, source))).toEqual({
      removed: ['                "min_length": 1'],
      added: ['                "min_length": 2'],
    });
  });

  it('keeps original number spellings and escapes next to a changed sibling', () => {
    const text = '{\n  "ratio": 1.0,\n  "name": "caf\\u00e9",\n  "n": 1e3,\n  "title": "old"\n}\n';
    const source = parseJsonSource(text);
    const output = stringifyPreserving({ ratio: 1, name: 'café', n: 1000, title: 'nouveau café' }, source);
    expect(output).toBe('{\n  "ratio": 1.0,\n  "name": "caf\\u00e9",\n  "n": 1e3,\n  "title": "nouveau café"\n}\n');
  });

  it('works when the caller edits JsonSource.value in place', () => {
    const source = parseJsonSource(planText);
    const plan = source.value as Plan;
    (plan.steps[0] as PlanStep).title = 'Gather requirements';
    expect(lineDiff(planText, stringifyPreserving(plan, source))).toEqual({
      removed: ['      "title": "Collect requirements",'],
      added: ['      "title": "Gather requirements",'],
    });
  });
});
