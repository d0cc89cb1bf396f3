import { describe, expect, it } from 'vitest';
import { parseJsonSource } from './parse-json-source';
import { stringifyPreserving } from './stringify-preserving';
import { lineDiff, planText, planToEdit, planValue, type PlanStep } from '../test-support/plan-document';

// A changed container written over its original text: kept gaps, removed entries taking one
// separator with them, new entries with the gap of their neighbour.
describe('stringifyPreserving: edits', () => {
  it('inserts a step in the middle without touching the other steps', () => {
    const { source, plan } = planToEdit();
    plan.steps.splice(2, 0, { id: 'review', type: 'regular', title: 'Review' });
    const output = stringifyPreserving(plan, source);
    const buildStep = '    {\n      "id": "build",';
    const review = '    {\n      "id": "review",\n      "type": "regular",\n      "title": "Review"\n    },\n';
    expect(planText).toContain(buildStep);
    expect(output).toBe(planText.replace(buildStep, review + buildStep));
  });

  it('removes a deleted key as one line, and fixes the comma when it was the last', () => {
    const { source, plan } = planToEdit();
    delete (plan.steps[1] as PlanStep).question;
    expect(lineDiff(planText, stringifyPreserving(plan, source))).toEqual({
      removed: ['      "question": "Go ahead?",'],
      added: [],
    });
    const plan2 = planValue();
    delete (plan2.steps[1] as PlanStep).next_step_id;
    expect(lineDiff(planText, stringifyPreserving(plan2, source))).toEqual({
      removed: ['      },', '      "next_step_id": "build"'],
      added: ['      }'],
    });
  });

  it('keeps the odd spacing and blank lines of a hand-edited object around a changed member', () => {
    const text = '{\n    "id" : "b",\n\n    "title":"Old",   \n  "n" :1.50\n}\n';
    const source = parseJsonSource(text);
    const output = stringifyPreserving({ id: 'b', title: 'New', n: 1.5 }, source);
    expect(output).toBe('{\n    "id" : "b",\n\n    "title":"New",   \n  "n" :1.50\n}\n');
  });

  it('keeps a short inline array inline when it grows or shrinks', () => {
    const text = '{\n  "context_dependencies": ["a", "b"],\n  "tight": [1,2],\n  "obj": { "x": 1 }\n}\n';
    const source = parseJsonSource(text);
    const output = stringifyPreserving({ context_dependencies: ['a', 'b', 'c'], tight: [2], obj: { x: 1, y: 2 } }, source);
    expect(output).toBe('{\n  "context_dependencies": ["a", "b", "c"],\n  "tight": [2],\n  "obj": { "x": 1, "y": 2 }\n}\n');
  });
});
