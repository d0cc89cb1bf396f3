import { groupEventsByIteration } from '@planvas/shared';
import { describe, expect, it } from 'vitest';
import { compareRows, groupSummary } from './compare-view';
import { agentLabel, filterOptions, groupMatches, itemStatus, NO_FILTERS, routeKey, tierLabel, todoTaskStepsOf } from './log-model';
import { completed, created, decision, STEP, updated } from '../test/log-events';

describe('log model', () => {
  it("names the agent of a decision as the seed's popup does", () => {
    expect(agentLabel({ selected_route_name: 'Fact Check', selected_route_id: 'fact-check' })).toBe('Fact Check');
    expect(agentLabel({ selected_route_id: 'fact-check' })).toBe('fact-check');
    expect(agentLabel({ use_generic_agent: true, selected_route_name: 'ignored' })).toBe('Generic Agent');
    expect(agentLabel({ next_action: 'delegate' })).toBe('Generic Agent');
    expect(agentLabel({ next_action: 'complete' })).toBeUndefined();
    expect(routeKey({ use_generic_agent: true })).toBe('generic');
    expect(routeKey({ selected_route_id: 'literature' })).toBe('literature');
    expect(tierLabel({ preferred_tier: 3, preferred_tier_label: 'High' })).toBe('tier 3 (High)');
    expect(tierLabel({ preferred_tier: 0 })).toBeUndefined();
  });

  it('knows the status each item event leads to', () => {
    expect(itemStatus(created(1, 't', 'T'))).toBe('open');
    expect(itemStatus(created(1, 't', 'T', { status: 'planned' }))).toBe('planned');
    expect(itemStatus(updated(2, 't', 'open', 'needs_review'))).toBe('needs_review');
    expect(itemStatus(completed(3, 't'))).toBe('completed');
  });

  it('matches groups by route, action, todo status and every search word', () => {
    const { groups } = groupEventsByIteration([
      decision(1, 1),
      updated(2, 'todo_1', 'open', 'blocked', { iteration: 1, notes: 'Waiting on the API key' }),
      decision(3, 2, { use_generic_agent: true }),
    ]);
    const [one, two] = groups;
    expect(groupMatches(one!, { ...NO_FILTERS, route: 'literature' })).toBe(true);
    expect(groupMatches(two!, { ...NO_FILTERS, route: 'literature' })).toBe(false);
    expect(groupMatches(two!, { ...NO_FILTERS, route: 'generic', action: 'delegate' })).toBe(true);
    expect(groupMatches(one!, { ...NO_FILTERS, todoStatus: 'blocked' })).toBe(true);
    expect(groupMatches(two!, { ...NO_FILTERS, todoStatus: 'blocked' })).toBe(false);
    expect(groupMatches(one!, { ...NO_FILTERS, search: 'API  key' })).toBe(true);
    expect(groupMatches(one!, { ...NO_FILTERS, search: 'api banana' })).toBe(false);
    expect(filterOptions(groups)).toEqual({
      routes: [
        { key: 'generic', label: 'Generic Agent' },
        { key: 'literature', label: 'Literature Review' },
      ],
      actions: ['delegate'],
      statuses: ['blocked'],
    });
  });

  it('lists the todo_task steps a run has events for, with their titles', () => {
    expect(todoTaskStepsOf([decision(1, 1), decision(2, 1, { step_id: 'other', step_title: 'Other step' }), created(3, 't', 'T')])).toEqual([
      { stepId: STEP.step_id, title: STEP.step_title },
      { stepId: 'other', title: 'Other step' },
    ]);
  });

  it('lines two runs up iteration by iteration', () => {
    const left = groupEventsByIteration([created(1, 't', 'T'), decision(2, 1), decision(3, 2)]).groups;
    const right = groupEventsByIteration([decision(1, 1), decision(2, 3)]).groups;
    const rows = compareRows(left, right);
    expect(rows.map((r) => [r.label, !!r.left, !!r.right])).toEqual([
      ['Planning', true, false],
      ['Iteration 1', true, true],
      ['Iteration 2', true, false],
      ['Iteration 3', false, true],
    ]);
    expect(groupSummary(rows[1]!.left)).toBe('delegate → Literature Review “Todo of iteration 1”');
  });
});
