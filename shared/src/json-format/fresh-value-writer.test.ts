import { describe, expect, it } from 'vitest';
import { parseJsonSource } from './parse-json-source';
import { stringifyPreserving } from './stringify-preserving';

// New values: laid out like an original sibling when there is one, else like JSON.stringify with
// the file's indent unit.
describe('stringifyPreserving: edits', () => {
  it('writes a new element like its sibling, down to the separators of its nested one-line values', () => {
    const text = '[\n\t{"id":"a","routes":[{"to":"b"}]}\n]\n';
    const value = [
      { id: 'a', routes: [{ to: 'b' }] },
      { id: 'b', routes: [{ to: 'c', when: 'x' }] },
    ];
    expect(stringifyPreserving(value, parseJsonSource(text))).toBe(
      '[\n\t{"id":"a","routes":[{"to":"b"}]},\n\t{"id":"b","routes":[{"to":"c","when":"x"}]}\n]\n',
    );
  });

  it('writes emptied containers as [] and {} and fills empty ones the standard way', () => {
    const text = '{\n  "context_dependencies": [],\n  "agent_configs": {},\n  "keep": [\n    1\n  ]\n}\n';
    const source = parseJsonSource(text);
    expect(stringifyPreserving({ context_dependencies: ['collect'], agent_configs: { max_turns: 5 }, keep: [] }, source)).toBe(
      '{\n  "context_dependencies": [\n    "collect"\n  ],\n  "agent_configs": {\n    "max_turns": 5\n  },\n  "keep": []\n}\n',
    );
  });

  it('writes new nodes with the file indent (tab)', () => {
    const text = '{\n\t"steps": []\n}';
    const output = stringifyPreserving({ steps: [{ id: 'a', tags: ['x'] }] }, parseJsonSource(text));
    expect(output).toBe('{\n\t"steps": [\n\t\t{\n\t\t\t"id": "a",\n\t\t\t"tags": [\n\t\t\t\t"x"\n\t\t\t]\n\t\t}\n\t]\n}');
  });

  it('replaces a node whose type changed', () => {
    const source = parseJsonSource('{\n  "a": "text",\n  "b": [1],\n  "c": {"d": 1}\n}\n');
    expect(stringifyPreserving({ a: { now: 'object' }, b: { was: 'array' }, c: [1] }, source)).toBe(
      '{\n  "a": {\n    "now": "object"\n  },\n  "b": {\n    "was": "array"\n  },\n  "c": [\n    1\n  ]\n}\n',
    );
  });
});
