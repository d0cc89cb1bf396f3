import { describe, expect, it } from 'vitest';
import { completed, decision as loggedDecision, envelope } from '../../test/log-events';
import { alignByTodo, todoWorkOf } from './todo-alignment';

/** A delegation of todo `todoId` ("title") to `route` in step research-todo. */
const decision = (seq: number, iteration: number, todoId: string, title: string, route: string) =>
  loggedDecision(seq, iteration, { selected_route_id: route, todo_id_to_execute: todoId, todo_title: title });
const done = (seq: number, todoId: string, result: string) => completed(seq, todoId, { result });

const usage = (seq: number, todoId: string, tokens: number) =>
  envelope(seq, 'llm_usage', {
    step_id: 'research-todo',
    todo_id: todoId,
    agent: 'sub_agent',
    model: 'm',
    provider: 'p',
    input_tokens: tokens,
    output_tokens: 0,
    latency_ms: 10,
    simulated: true,
  });

describe('compare aligned by todo', () => {
  const parent = [
    decision(1, 1, 'p1', 'Survey', 'lit'),
    usage(2, 'p1', 100),
    done(3, 'p1', 'surveyed'),
    decision(4, 2, 'p2', 'Extract', 'data'),
    usage(5, 'p2', 50),
    done(6, 'p2', 'extracted'),
    decision(7, 3, 'p3', 'Old only', 'data'),
  ];
  const branch = [decision(1, 3, 'b2', 'Extract', 'generic'), usage(2, 'b2', 80), done(3, 'b2', 'extracted again'), decision(4, 4, 'b3', 'New only', 'lit')];

  it("lines todos up by title whatever their iteration, with each side's route, result and token delta", () => {
    const lines = alignByTodo(todoWorkOf(parent, 'research-todo'), todoWorkOf(branch, 'research-todo'));
    expect(lines.map((l) => [l.title, l.left?.route ?? null, l.right?.route ?? null, l.routeDiverged, l.resultChanged, l.tokenDelta ?? null])).toEqual([
      ['Survey', 'lit', null, false, false, null],
      ['Extract', 'data', 'generic', true, true, 30],
      ['Old only', 'data', null, false, false, null],
      ['New only', null, 'lit', false, false, null],
    ]);
    expect(lines[1]!.left).toMatchObject({ simulated: true, tokens: 50, iteration: 2 });
  });

  it('compared with its parent, a branch sees only what the parent did after the branch point', () => {
    const lines = alignByTodo(todoWorkOf(branch, 'research-todo'), todoWorkOf(parent, 'research-todo', 2));
    expect(lines.map((l) => [l.title, !!l.left, !!l.right])).toEqual([
      ['Extract', true, false],
      ['New only', true, false],
      ['Old only', false, true],
    ]);
  });
});
