import { describe, expect, it } from 'vitest';
import { routeIdProblem, slugify, stepIdFromTitle, stepIdProblem, uniqueId, uniqueRouteId } from './ids';

describe('ids', () => {
  it('derives kebab-case ids from titles', () => {
    expect(slugify('Fetch Data')).toBe('fetch-data');
    expect(slugify('  Résumé: Überprüfung!! ')).toBe('resume-uberprufung');
    expect(slugify('***')).toBe('');
    expect(slugify('x'.repeat(100)).length).toBe(60);
  });

  it('numbers an id when it is taken', () => {
    const taken = new Set(['fetch-data', 'fetch-data-2', 'gpt-4']);
    expect(uniqueId('fetch-data', taken)).toBe('fetch-data-3');
    expect(uniqueId('fetch-data-2', taken)).toBe('fetch-data-3');
    expect(uniqueId('gpt-4', taken)).toBe('gpt-5');
    expect(uniqueId('free', taken)).toBe('free');
    expect(uniqueId('end', taken)).toBe('end-2');
    expect(stepIdFromTitle('Fetch Data', new Set(['fetch-data']))).toBe('fetch-data-2');
    expect(stepIdFromTitle('???', new Set(), 'todo-task')).toBe('todo-task');
  });

  it('explains why an id cannot be used', () => {
    const taken = new Set(['a']);
    expect(stepIdProblem('b', taken)).toBeUndefined();
    expect(stepIdProblem('', taken)).toMatch(/must not be empty/);
    expect(stepIdProblem('end', taken)).toMatch(/reserved/);
    expect(stepIdProblem('has space', taken)).toMatch(/not a valid step id/);
    expect(stepIdProblem('-lead', taken)).toMatch(/not a valid step id/);
    expect(stepIdProblem('a', taken)).toMatch(/already used/);
  });

  it('keeps route ids apart from the step outputs the canvas names', () => {
    expect(routeIdProblem('next', new Set())).toMatch(/reserved/);
    expect(routeIdProblem('generic', new Set())).toMatch(/reserved/);
    expect(routeIdProblem('dup', new Set(['dup']))).toMatch(/already used/);
    expect(routeIdProblem('ok-route', new Set())).toBeUndefined();
    expect(uniqueRouteId('next', new Set())).toBe('next-2');
  });
});
