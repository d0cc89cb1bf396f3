import { describe, expect, it } from 'vitest';
import { fixtureDocument } from '../test/authoring-store';
import { planCanvasConnection } from './connection-rules';

const plan = fixtureDocument().plan!;
const reason = (c: Parameters<typeof planCanvasConnection>[1]) => {
  const r = planCanvasConnection(plan, c);
  return r.ok ? r.connection : r.reason;
};

describe('planCanvasConnection', () => {
  it('turns node and handle ids into the plan connection (the end node is "end")', () => {
    expect(reason({ source: 'gather-sources', sourceHandle: 'next', target: 'draft-report', targetHandle: 'in' })).toEqual({
      source: 'gather-sources',
      sourceHandle: 'next',
      target: 'draft-report',
    });
    expect(reason({ source: 'choose-depth', sourceHandle: 'deep-dive', target: '__end__', targetHandle: 'in' })).toEqual({
      source: 'choose-depth',
      sourceHandle: 'deep-dive',
      target: 'end',
    });
  });

  it('refuses with a reason a person can act on', () => {
    expect(reason({ source: '__start__', sourceHandle: 'next', target: 'draft-report', targetHandle: 'in' })).toMatch(/first step of the list/);
    expect(reason({ source: 'gather-sources', sourceHandle: 'next', target: 'research-todo-sub-agent-literature', targetHandle: 'return' })).toMatch(
      /is a sub-agent/,
    );
    expect(reason({ source: 'research-todo-sub-agent-literature', sourceHandle: 'return', target: 'draft-report', targetHandle: 'in' })).toMatch(
      /is a sub-agent/,
    );
    expect(reason({ source: 'research-todo', sourceHandle: 'generic', target: 'draft-report', targetHandle: 'in' })).toMatch(/delegates to its own sub-agent/);
    expect(reason({ source: 'gather-sources', sourceHandle: 'next', target: 'research-todo-sub-agent-generic', targetHandle: 'top' })).toMatch(
      /generic agent runs only/,
    );
    expect(reason({ source: 'gather-sources', sourceHandle: 'next', target: 'draft-report', targetHandle: 'next' })).toMatch(/input of a step/);
    expect(reason({ source: 'gather-sources', sourceHandle: 'next', target: 'gather-sources', targetHandle: 'in' })).toMatch(/cannot continue with itself/);
    expect(reason({ source: 'gone', sourceHandle: 'next', target: 'draft-report', targetHandle: 'in' })).toMatch(/no longer part of the plan/);
  });
});
