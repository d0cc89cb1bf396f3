import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, parseJsonSource } from './parse-json-source';
import { JsonDepthError, jsonWriteMessages, stringifyPreserving } from './stringify-preserving';

/** The lines that differ once the common leading and trailing lines are set aside. */
function lineDiff(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { removed: a.slice(head, a.length - tail), added: b.slice(head, b.length - tail) };
}

/** What the client sends back: a fresh JSON.parse'd copy (integer-like keys moved first). */
function roundTripped<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

interface PlanStep {
  id: string;
  type: string;
  title: string;
  [key: string]: unknown;
}

function makePlan(): { objective: string; steps: PlanStep[]; workflow_optimized: boolean } {
  return {
    objective: 'Ship the release',
    steps: [
      {
        id: 'collect',
        type: 'regular',
        title: 'Collect requirements',
        description: 'Ask everyone — «quoted» and ünïcødé',
        context_dependencies: [],
        context_output: ['requirements.json'],
        has_loop: false,
      },
      {
        id: 'ask',
        type: 'human_input',
        title: 'Approve?',
        question: 'Go ahead?',
        // Renamed by planText: a JS literal would put "2" before "reject".
        option_routes: { '0': 'build', __reject__: 'collect', __2__: 'end' },
        next_step_id: 'build',
      },
      {
        id: 'build',
        type: 'todo_task',
        title: 'Build it',
        predefined_routes: [
          { route_id: 'code', route_name: 'Code', condition: 'code work', sub_agent_step: { id: 'code_sub', title: 'Code' } },
          { route_id: 'docs', route_name: 'Docs', condition: 'docs work', sub_agent_step: { id: 'docs_sub', title: 'Docs' } },
        ],
        validation_schema: {
          files: [{ file_name: 'out.json', must_exist: true, json_checks: [{ path: 'items', must_exist: true, min_length: 1 }] }],
        },
      },
      { id: 'ship', type: 'regular', title: 'Ship', max_iterations: 3 },
    ],
    workflow_optimized: true,
  };
}

/** The plan as a real writer stores it, with option_routes in the order "0", "reject", "2". */
function writePlan(indent: string | number = 2): string {
  return JSON.stringify(makePlan(), null, indent).replace('"__reject__"', '"reject"').replace('"__2__"', '"2"');
}

type Plan = ReturnType<typeof makePlan>;

const planText = `${writePlan()}\n`;

/** The plan as the client sends it back after an edit. */
function planValue(text = planText): Plan {
  return JSON.parse(text.replace(/^\ufeff/, '')) as Plan;
}

describe('stringifyPreserving without a source', () => {
  it('writes what real planvas writers write', () => {
    const plan = planValue();
    expect(stringifyPreserving(plan)).toBe(`${JSON.stringify(plan, null, 2)}\n`);
  });

  it('refuses values JSON cannot represent', () => {
    expect(() => stringifyPreserving(undefined)).toThrow(TypeError);
    expect(() => stringifyPreserving(undefined, parseJsonSource('{}'))).toThrow(TypeError);
  });
});

describe('stringifyPreserving: a no-op save is byte-identical', () => {
  const handWritten = [
    '{\n',
    '  "title" :  "spaced\\u0020out",\n',
    '  "inline": ["a", "b" , 3],\n',
    '  "numbers": [1.0, 1e3, -0.0, 12345678901234567890, 0.1000000000000000055511151231257827],\n',
    '  "escapes": "\\u00e9\\n\\/\\ud83d\\ude00",\n',
    '  "nested": {"x": {"y": [ ]}},\n',
    '\n',
    '  "last": null\n',
    '}',
  ].join('');
  const cases: [string, string][] = [
    ['2-space', planText],
    ['4-space', `${writePlan(4)}\n`],
    ['tab', `${writePlan('\t')}\n`],
    ['CRLF', `${writePlan().replace(/\n/g, '\r\n')}\r\n`],
    ['no final newline', writePlan()],
    ['BOM', `\ufeff${planText}`],
    ['minified', writePlan(0)],
    ['Python json.dumps default', writePlan(0).replace(/,"/g, ', "').replace(/":/g, '": ')],
    ['hand-written', handWritten],
    ['top-level array', '[\n  {"id": "a"},\n  {"id": "b"}\n]\n'],
    ['scalar root', '  "just text"  \n'],
    ['duplicate keys', '{\n  "a": 1,\n  "b": 2,\n  "a": 3\n}\n'],
  ];

  it.each(cases)('%s', (_name, text) => {
    const source = parseJsonSource(text);
    expect(stringifyPreserving(source.value, source)).toBe(text);
    expect(stringifyPreserving(roundTripped(source.value), source)).toBe(text);
  });

  it('compares numbers by value, so 1 equals the original 1.0 and huge integers survive', () => {
    const text = '{\n  "a": 1.0,\n  "big": 12345678901234567890,\n  "inf": 1e400\n}\n';
    const source = parseJsonSource(text);
    // eslint-disable-next-line no-loss-of-precision -- the point: the file's spelling survives a number JS cannot hold.
    expect(stringifyPreserving({ a: 1, big: 12345678901234567890, inf: Infinity }, source)).toBe(text);
  });

  it('ignores the key order of the value it is given', () => {
    const source = parseJsonSource(planText);
    const plan = planValue();
    const reordered = { workflow_optimized: plan.workflow_optimized, steps: plan.steps, objective: plan.objective };
    expect(stringifyPreserving(reordered, source)).toBe(planText);
  });
});

describe('stringifyPreserving: edits', () => {
  it('keeps integer-like keys in file order even in a re-created value', () => {
    expect(planText).toContain('"0": "build",\n        "reject": "collect",\n        "2": "end"');
    const source = parseJsonSource(planText);
    const plan = planValue();
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

  it.each([
    ['2-space', '  '],
    ['4-space', '    '],
    ['tab', '\t'],
  ])('changes exactly one line when one title is edited (%s)', (_name, indent) => {
    const text = `${writePlan(indent)}\n`;
    const source = parseJsonSource(text);
    const plan = planValue(text);
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

  it('keeps CRLF line breaks and the absent final newline around an edit', () => {
    const text = writePlan().replace(/\n/g, '\r\n');
    const source = parseJsonSource(text);
    const plan = planValue(text);
    (plan.steps[0] as PlanStep).title = 'Collect';
    (plan.steps[3] as PlanStep).extra = { nested: [1, { deep: true }] };
    const output = stringifyPreserving(plan, source);
    expect(output.replace(/\r\n/g, '')).not.toContain('\n');
    expect(output.endsWith('}')).toBe(true);
    expect(JSON.parse(output)).toEqual(plan);
    expect(output).toContain('"extra": {\r\n        "nested": [\r\n          1,\r\n          {\r\n            "deep": true');
  });

  it('keeps a BOM when rewriting', () => {
    const source = parseJsonSource(`\ufeff${planText}`);
    const plan = planValue();
    plan.objective = 'Ship it';
    const output = stringifyPreserving(plan, source);
    expect(output.startsWith('\ufeff{\n  "objective": "Ship it",')).toBe(true);
  });

  it('inserts a step in the middle without touching the other steps', () => {
    const source = parseJsonSource(planText);
    const plan = planValue();
    plan.steps.splice(2, 0, { id: 'review', type: 'regular', title: 'Review' });
    const output = stringifyPreserving(plan, source);
    const buildStep = '    {\n      "id": "build",';
    const review = '    {\n      "id": "review",\n      "type": "regular",\n      "title": "Review"\n    },\n';
    expect(planText).toContain(buildStep);
    expect(output).toBe(planText.replace(buildStep, review + buildStep));
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
    const source = parseJsonSource(planText);
    const plan = planValue();
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
    const source = parseJsonSource(planText);
    const plan = planValue();
    (plan.steps[1] as PlanStep).id = 'approve';
    const output = stringifyPreserving(plan, source);
    expect(lineDiff(planText, output)).toEqual({
      removed: ['      "id": "ask",'],
      added: ['      "id": "approve",'],
    });
  });

  it('removes a deleted key as one line, and fixes the comma when it was the last', () => {
    const source = parseJsonSource(planText);
    const plan = planValue();
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

  it('treats undefined members as removed and undefined elements as null, like JSON.stringify', () => {
    const source = parseJsonSource('{\n  "a": 1,\n  "b": [1, 2],\n  "c": 3\n}\n');
    const output = stringifyPreserving({ a: undefined, b: [1, undefined], c: () => 3 }, source);
    expect(output).toBe('{\n  "b": [1, null]\n}\n');
  });

  it("puts a new key beside its neighbours in the value's order, and integer-like keys last", () => {
    const source = parseJsonSource(planText);
    const plan = planValue();
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
    const source = parseJsonSource(planText);
    const plan = planValue();
    const { title, ...rest } = plan.steps[3] as PlanStep;
    const { id, type, max_iterations } = rest;
    plan.steps[3] = { id, type, heading: title, max_iterations } as unknown as PlanStep;
    expect(stringifyPreserving(plan, source)).toBe(planText.replace('"title": "Ship"', '"heading": "Ship"'));
  });

  it('writes a key inserted before all others in the value before the first original key', () => {
    const source = parseJsonSource(planText);
    const plan = planValue();
    plan.steps[3] = { first: true, ...(plan.steps[3] as PlanStep) } as PlanStep;
    expect(stringifyPreserving(plan, source)).toBe(planText.replace('{\n      "id": "ship",', '{\n      "first": true,\n      "id": "ship",'));
  });

  it('rewrites only the line of a deeply nested change', () => {
    const source = parseJsonSource(planText);
    const plan = planValue();
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

  it('keeps a short inline array inline when it grows or shrinks', () => {
    const text = '{\n  "context_dependencies": ["a", "b"],\n  "tight": [1,2],\n  "obj": { "x": 1 }\n}\n';
    const source = parseJsonSource(text);
    const output = stringifyPreserving({ context_dependencies: ['a', 'b', 'c'], tight: [2], obj: { x: 1, y: 2 } }, source);
    expect(output).toBe('{\n  "context_dependencies": ["a", "b", "c"],\n  "tight": [2],\n  "obj": { "x": 1, "y": 2 }\n}\n');
  });

  it('keeps an inline container on its one line when it gets a new object', () => {
    const source = parseJsonSource('{\n  "list": [1, 2]\n}\n');
    expect(stringifyPreserving({ list: [1, { a: 2 }] }, source)).toBe('{\n  "list": [1, {"a": 2}]\n}\n');
  });

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

  it("takes separators a one-line container does not show from the file's other one-line containers", () => {
    const text = '{\n  "a": [{"x":1}],\n  "b": {"y":2,"z":3}\n}\n';
    const output = stringifyPreserving({ a: [{ x: 1 }, { x: 2, w: 3 }], b: { y: 2, z: 3 } }, parseJsonSource(text));
    expect(output).toBe('{\n  "a": [{"x":1},{"x":2,"w":3}],\n  "b": {"y":2,"z":3}\n}\n');
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

  it('keeps single-line documents on one line with their own separators', () => {
    const python = '{"steps": [{"id": "a"}], "n": 1}\n';
    expect(stringifyPreserving({ steps: [{ id: 'a' }, { id: 'b', x: [1, 2] }], n: 1 }, parseJsonSource(python))).toBe(
      '{"steps": [{"id": "a"}, {"id": "b", "x": [1, 2]}], "n": 1}\n',
    );
    const minified = '{"steps":[{"id":"a"}],"n":1}';
    expect(stringifyPreserving({ steps: [{ id: 'a', y: { z: 1 } }], n: 2 }, parseJsonSource(minified))).toBe('{"steps":[{"id":"a","y":{"z":1}}],"n":2}');
  });

  it('writes new strings like JSON.stringify, without escaping non-ASCII', () => {
    const source = parseJsonSource('{\n  "a": "x"\n}\n');
    expect(stringifyPreserving({ a: 'é 😀 "q" \\ \n \u0001' }, source)).toBe(`{\n  "a": ${JSON.stringify('é 😀 "q" \\ \n \u0001')}\n}\n`);
  });

  it('replaces a node whose type changed', () => {
    const source = parseJsonSource('{\n  "a": "text",\n  "b": [1],\n  "c": {"d": 1}\n}\n');
    expect(stringifyPreserving({ a: { now: 'object' }, b: { was: 'array' }, c: [1] }, source)).toBe(
      '{\n  "a": {\n    "now": "object"\n  },\n  "b": {\n    "was": "array"\n  },\n  "c": [\n    1\n  ]\n}\n',
    );
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

  it('keeps the last of duplicate keys when the object changes', () => {
    const source = parseJsonSource('{\n  "a": 1,\n  "b": 2,\n  "a": 3\n}\n');
    expect(stringifyPreserving({ a: 3, b: 5 }, source)).toBe('{\n  "b": 5,\n  "a": 3\n}\n');
  });

  it('round-trips "__proto__" as an ordinary key', () => {
    const text = '{\n  "__proto__": {\n    "x": 1\n  },\n  "y": 2\n}\n';
    const source = parseJsonSource(text);
    const value = JSON.parse(text) as Record<string, unknown>;
    value.y = 3;
    expect(stringifyPreserving(value, source)).toBe('{\n  "__proto__": {\n    "x": 1\n  },\n  "y": 3\n}\n');
  });

  it('follows JSON.stringify for toJSON, boxed primitives, NaN, cycles and BigInt', () => {
    const source = parseJsonSource('{\n  "a": 1\n}\n');
    expect(stringifyPreserving({ a: 1, when: new Date(0), boxed: new String('s'), nan: NaN, inf: -Infinity }, source)).toBe(
      '{\n  "a": 1,\n  "when": "1970-01-01T00:00:00.000Z",\n  "boxed": "s",\n  "nan": null,\n  "inf": null\n}\n',
    );
    const echoKey = { toJSON: (key: string) => `key ${JSON.stringify(key)}` };
    expect(stringifyPreserving({ a: 1, list: [echoKey], named: echoKey }, source)).toBe(
      '{\n  "a": 1,\n  "list": [\n    "key \\"0\\""\n  ],\n  "named": "key \\"named\\""\n}\n',
    );
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(() => stringifyPreserving(cyclic, source)).toThrow(/circular/);
    expect(() => stringifyPreserving({ a: 1n }, source)).toThrow(/BigInt/);
  });

  it('keeps the text around a rewritten scalar root', () => {
    const source = parseJsonSource('  "old"  \n');
    expect(stringifyPreserving('new', source)).toBe('  "new"  \n');
  });
});

describe('stringifyPreserving: numbers as the body spelled them', () => {
  /** What a server does with a request body: parse it once, keep the text's spellings. */
  function save(fileText: string, bodyText: string): string {
    const body = parseJsonSource(bodyText);
    return stringifyPreserving(body.value, parseJsonSource(fileText), { spellings: body });
  }

  it('writes new and changed numbers as the body spelled them, not as JavaScript would', () => {
    const file = '{\n  "a": 5,\n  "b": 6\n}\n';
    const body = '{"a": 12345678901234567890, "b": 1e400, "c": 1.0, "d": -0, "e": [1E3, 0.10]}';
    expect(save(file, body)).toBe('{\n  "a": 12345678901234567890,\n  "b": 1e400,\n  "c": 1.0,\n  "d": -0,\n  "e": [\n    1E3,\n    0.10\n  ]\n}\n');
  });

  it('keeps the file as it is when the body spells everything as the file does', () => {
    const file = '{\n  "inf": 1e400,\n  "one": 1.0,\n  "big": 12345678901234567890\n}\n';
    expect(save(file, file)).toBe(file);
    const edited = file.replace('"one": 1.0', '"one": 2.50');
    expect(save(file, edited)).toBe(edited);
  });

  it('takes a deliberate re-spelling of the same number, but not the canonical one any JSON.stringify client sends', () => {
    const file = '{\n  "a": 1,\n  "b": 1.0,\n  "c": 12345678901234567890,\n  "d": 0,\n  "t": "x"\n}\n';
    // A browser got 1, 1, 12345678901234567000 and 0 from JSON.stringify and sends them back with one edit.
    const browser = JSON.stringify({ ...(JSON.parse(file) as object), t: 'y' });
    expect(save(file, browser)).toBe(file.replace('"x"', '"y"'));
    // A client that spells numbers on purpose gets its spelling.
    expect(save(file, '{"a": 1.0, "b": 1.0, "c": 1.2345678901234567890e19, "d": -0, "t": "x"}')).toBe(
      '{\n  "a": 1.0,\n  "b": 1.0,\n  "c": 1.2345678901234567890e19,\n  "d": -0,\n  "t": "x"\n}\n',
    );
  });

  it('writes a body 1e400 over a file null, though JSON.stringify would call them equal', () => {
    expect(save('{\n  "x": null\n}\n', '{"x": 1e400}')).toBe('{\n  "x": 1e400\n}\n');
  });

  it('walks the body by key and index: any key order, duplicate keys (the last wins), nested fresh values', () => {
    const file = '{\n  "steps": [\n    {\n      "id": "a",\n      "n": 1\n    }\n  ]\n}\n';
    const body = '{"steps": [{"n": 1.50, "id": "a"}, {"id": "b", "n": 0, "n": 2.0, "deep": {"x": [1e999]}}]}';
    expect(save(file, body)).toBe(
      '{\n  "steps": [\n    {\n      "id": "a",\n      "n": 1.50\n    },\n    {\n      "id": "b",\n      "n": 2.0,\n      "deep": {\n        "x": [\n          1e999\n        ]\n      }\n    }\n  ]\n}\n',
    );
  });

  it('ignores a body number at the same path that is not the value being written', () => {
    const file = '{\n  "n": 1\n}\n';
    const body = parseJsonSource('{"n": 2.0}');
    expect(stringifyPreserving({ n: 3 }, parseJsonSource(file), { spellings: body })).toBe('{\n  "n": 3\n}\n');
    expect(stringifyPreserving({ n: Infinity }, parseJsonSource(file), { spellings: body })).toBe('{\n  "n": null\n}\n');
  });

  it('meets the body where the value is a member of it, or holds it (step_config forms)', () => {
    const body = parseJsonSource('{"steps": [{"id": "a", "n": 1e400}]}');
    const steps = (body.value as { steps: unknown[] }).steps;
    expect(stringifyPreserving(steps, parseJsonSource('[\n  {\n    "id": "a",\n    "n": 1\n  }\n]\n'), { spellings: body })).toBe(
      '[\n  {\n    "id": "a",\n    "n": 1e400\n  }\n]\n',
    );
    const arrayBody = parseJsonSource('[{"id": "a", "n": 2.0}]');
    expect(stringifyPreserving({ steps: arrayBody.value }, parseJsonSource('{\n  "steps": []\n}\n'), { spellings: arrayBody })).toBe(
      '{\n  "steps": [\n    {\n      "id": "a",\n      "n": 2.0\n    }\n  ]\n}\n',
    );
  });

  it('spells numbers without a source too, in the JSON.stringify layout', () => {
    const body = parseJsonSource('{"a": [1.0, {"b": 1e400}], "s": "x"}');
    expect(stringifyPreserving(body.value, undefined, { spellings: body })).toBe(
      '{\n  "a": [\n    1.0,\n    {\n      "b": 1e400\n    }\n  ],\n  "s": "x"\n}\n',
    );
    const plain = planValue();
    expect(stringifyPreserving(plain, undefined, { spellings: parseJsonSource(JSON.stringify(plain)) })).toBe(`${JSON.stringify(plain, null, 2)}\n`);
  });
});

describe('stringifyPreserving: the depth limit the reader has', () => {
  const nested = (depth: number): unknown => {
    let value: unknown = [];
    for (let i = 1; i < depth; i++) value = [value];
    return value;
  };
  const source = parseJsonSource('{\n  "a": 1\n}\n');

  it('writes values as deep as the reader accepts, and they read back', () => {
    const deepest = nested(MAX_JSON_DEPTH);
    expect(parseJsonSource(stringifyPreserving(deepest)).value).toEqual(deepest);
    const inFile = stringifyPreserving(nested(MAX_JSON_DEPTH), parseJsonSource('[\n  1\n]\n'));
    expect(parseJsonSource(inFile).value).toEqual(deepest);
    expect(() => parseJsonSource(stringifyPreserving({ a: nested(MAX_JSON_DEPTH - 1) }, source))).not.toThrow();
  });

  it('refuses anything deeper with a JsonDepthError (400 for servers), with or without a source', () => {
    const tooDeep = nested(MAX_JSON_DEPTH + 1);
    for (const write of [
      () => stringifyPreserving(tooDeep),
      () => stringifyPreserving(tooDeep, parseJsonSource('[\n  1\n]\n')),
      () => stringifyPreserving({ a: nested(MAX_JSON_DEPTH) }, source),
      () => stringifyPreserving(tooDeep, undefined, { spellings: parseJsonSource('[]') }),
      () => stringifyPreserving(nested(200_000)),
      () => stringifyPreserving({ a: nested(200_000) }, source),
    ]) {
      let error: unknown;
      try {
        write();
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(JsonDepthError);
      expect(error).toMatchObject({ statusCode: 400, code: 'too_deep', message: jsonWriteMessages.tooDeep(MAX_JSON_DEPTH) });
    }
  });

  it('does not count brackets inside strings', () => {
    expect(stringifyPreserving({ s: '['.repeat(MAX_JSON_DEPTH + 5) })).toContain('[[[');
  });
});
