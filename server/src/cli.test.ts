import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT, copyFixtureWorkspace, hashTree, type TempWorkspace } from './test-support/fixture-workspace';
import { runToEnd, runTsx } from './test-support/run-process';

/** The real CLI in a child process, as `pnpm planvas` runs it. */
const cli = (args: string[], env: NodeJS.ProcessEnv = {}) => runTsx('src/cli.ts', args, env);

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await copyFixtureWorkspace();
});
afterEach(async () => {
  await ws.cleanup();
});

const legacyPlan = () => join(ws.root, 'Workflow/LegacyOnboarding/planning/plan.json');

describe('planvas migrate <plan.json>', () => {
  it('prints "Migrated <path>", writes the flat form with indent 2 and a final newline, and is idempotent', async () => {
    const first = await cli(['migrate', legacyPlan()]);
    expect(first).toMatchObject({ code: 0, stdout: `Migrated ${legacyPlan()}\n`, stderr: '' });
    const text = await readFile(legacyPlan(), 'utf8');
    expect(text).not.toContain('todo_task_step');
    expect(text.startsWith('{\n  "objective"')).toBe(true);
    expect(text.endsWith('}\n')).toBe(true);

    const before = await hashTree(ws.base);
    const second = await cli(['migrate', legacyPlan()]);
    expect(second).toMatchObject({ code: 0, stdout: `${legacyPlan()} already in flat format\n` });
    expect(await hashTree(ws.base)).toEqual(before);
  });

  it.each(['Team/Ops/FourSpaceIndent', 'Workflow/NoFinalNewline', 'Workflow/ResearchReport', 'Workflow/UnknownStepType'])(
    '%s is already flat and stays byte-identical',
    async (id) => {
      const before = await hashTree(ws.base);
      const path = join(ws.root, id, 'planning/plan.json');
      expect(await cli(['migrate', path])).toMatchObject({ code: 0, stdout: `${path} already in flat format\n` });
      expect(await hashTree(ws.base)).toEqual(before);
    },
  );

  it('keeps a 4-space file at 4 spaces', async () => {
    const path = join(ws.base, 'four.json');
    const legacy = JSON.parse(await readFile(legacyPlan(), 'utf8'));
    await writeFile(path, `${JSON.stringify(legacy, null, 4)}\n`);
    expect((await cli(['migrate', path])).code).toBe(0);
    const text = await readFile(path, 'utf8');
    expect(text).toContain('\n    "steps": [\n        {');
    expect(text).not.toContain('todo_task_step');
  });

  it('--dry-run says what it would do and writes nothing', async () => {
    const before = await hashTree(ws.base);
    expect(await cli(['migrate', legacyPlan(), '--dry-run'])).toMatchObject({ code: 0, stdout: `Would migrate ${legacyPlan()}\n` });
    expect(await hashTree(ws.base)).toEqual(before);
  });

  it('resolves a relative path from INIT_CWD (where pnpm was started), not from server/', async () => {
    const result = await cli(['migrate', 'ws/Workflow/LegacyOnboarding/planning/plan.json'], { INIT_CWD: ws.base });
    expect(result).toMatchObject({ code: 0, stdout: 'Migrated ws/Workflow/LegacyOnboarding/planning/plan.json\n' });
    expect(await readFile(legacyPlan(), 'utf8')).not.toContain('todo_task_step');
  });
});

describe('planvas migrate <workflow folder>', () => {
  it('also merges/removes orphaned step_config entries and renames the learnings folder, then is idempotent', async () => {
    const dir = join(ws.root, 'Workflow/LegacyOnboarding');
    const first = await cli(['migrate', dir]);
    expect(first.code).toBe(0);
    expect(first.stdout.split('\n')).toEqual([
      `Migrated ${join(dir, 'planning/plan.json')}`,
      '  step_config.json: merged "onboarding-orchestrator" into "onboarding-tasks" (the outer step\'s own settings win)',
      '  step_config.json: removed "background-check" (matches no step)',
      '  learnings: renamed onboarding-orchestrator/ to onboarding-tasks/',
      '',
    ]);
    const config = JSON.parse(await readFile(join(dir, 'planning/step_config.json'), 'utf8'));
    expect(config.steps.map((s: { id: string }) => s.id)).toEqual(['onboarding-tasks', 'create-email-account']);
    expect(config.steps[0].agent_configs.execution_max_turns).toBe(60);

    const before = await hashTree(ws.base);
    expect(await cli(['migrate', dir])).toMatchObject({ code: 0, stdout: `${join(dir, 'planning/plan.json')} already in flat format\n` });
    expect(await hashTree(ws.base)).toEqual(before);
  });
});

describe('bad input: a clear message, a non-zero exit, nothing written', () => {
  const cases: Array<[string, (ws: TempWorkspace) => Promise<string[]>, number, RegExp]> = [
    ['a path that does not exist', async (w) => ['migrate', join(w.base, 'nope.json')], 1, /nope\.json does not exist/],
    [
      'a file that is not JSON',
      async (w) => {
        await writeFile(join(w.base, 'broken.json'), '{\n  "steps": [\n    {"id": "a",}\n  ]\n}\n');
        return ['migrate', join(w.base, 'broken.json')];
      },
      1,
      /broken\.json is not valid JSON: .*line 3, column \d+/,
    ],
    [
      'a plan that breaks the schema',
      async (w) => {
        await writeFile(join(w.base, 'bad.json'), '{"steps": [{"type": "regular", "id": 7}]}\n');
        return ['migrate', join(w.base, 'bad.json')];
      },
      1,
      /bad\.json is not a valid plan; nothing was written\n {2}\$\.steps\[0\]/,
    ],
    [
      'a folder that is not a workflow',
      async (w) => ['migrate', join(w.root, 'Workflow')],
      1,
      /Workflow is not a workflow folder: it has no planning\/plan\.json/,
    ],
    [
      'a workflow whose step_config.json is broken',
      async (w) => {
        await writeFile(join(w.root, 'Workflow/LegacyOnboarding/planning/step_config.json'), '[');
        return ['migrate', join(w.root, 'Workflow/LegacyOnboarding')];
      },
      1,
      /step_config\.json cannot be read as JSON.*nothing was written/,
    ],
    ['no path', async () => ['migrate'], 2, /expected one plan\.json or workflow folder\n\nusage: pnpm planvas migrate/],
    ['two paths', async () => ['migrate', 'a', 'b'], 2, /expected one/],
    ['an unknown option', async (w) => ['migrate', w.root, '--force'], 2, /unknown option --force/],
    ['an unknown command', async () => ['frobnicate'], 2, /unknown command "frobnicate"/],
  ];

  it.each(cases)('%s', async (_name, setup, code, message) => {
    const args = await setup(ws);
    const before = await hashTree(ws.base);
    const result = await cli(args);
    expect(result.code).toBe(code);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
    expect(await hashTree(ws.base)).toEqual(before);
  });
});

/** The seed system's manual migration script (docs/formats.md "Migrating old plans"), verbatim: the CLI must write what it writes. */
const SEED_SCRIPT = `import json, os, sys

def migrate_step(step):
    """Flatten todo_task_step into parent step."""
    if step.get('type') != 'todo_task':
        return step
    inner = step.get('todo_task_step')
    if inner is None:
        return step  # already flat
    for field in ['description', 'success_criteria', 'context_dependencies',
                  'context_output', 'validation_schema']:
        if not step.get(field) and field in inner:
            step[field] = inner[field]
    del step['todo_task_step']
    # Recurse into nested todo_task sub-agents in routes
    for route in step.get('predefined_routes', []):
        if route.get('sub_agent_step'):
            route['sub_agent_step'] = migrate_step(route['sub_agent_step'])
    return step

# Usage: python migrate_plan.py path/to/plan.json
path = sys.argv[1]
with open(path) as f:
    data = json.load(f)
changed = False
for i, step in enumerate(data.get('steps', [])):
    if step.get('type') == 'todo_task' and 'todo_task_step' in step:
        data['steps'][i] = migrate_step(step)
        changed = True
if changed:
    with open(path, 'w') as f:
        json.dump(data, f, indent=2, ensure_ascii=False)
        f.write('\\n')
    print(f'Migrated {path}')
else:
    print(f'{path} already in flat format')
`;

const hasPython = spawnSync('python3', ['--version']).status === 0;

describe.skipIf(!hasPython)('same output as the seed script (python3)', () => {
  it('on the legacy fixture: same bytes, same message', async () => {
    const script = join(ws.base, 'migrate_plan.py');
    await writeFile(script, SEED_SCRIPT);
    const ours = join(ws.base, 'ours.json');
    const theirs = join(ws.base, 'theirs.json');
    await cp(legacyPlan(), ours);
    await cp(legacyPlan(), theirs);
    const python = spawnSync('python3', [script, theirs], { encoding: 'utf8' });
    expect(python.stdout).toBe(`Migrated ${theirs}\n`);
    expect((await cli(['migrate', ours])).stdout).toBe(`Migrated ${ours}\n`);
    expect(await readFile(ours, 'utf8')).toBe(await readFile(theirs, 'utf8'));
  });
});

describe('through pnpm, as a user types it', () => {
  it('`pnpm planvas migrate <relative path>` from the repository root', async () => {
    const scratchParent = join(REPO_ROOT, '.planvas');
    await mkdir(scratchParent, { recursive: true });
    const scratch = await mkdtemp(join(scratchParent, 'cli-test-'));
    try {
      await cp(legacyPlan(), join(scratch, 'plan.json'));
      const rel = relative(REPO_ROOT, join(scratch, 'plan.json'));
      const result = await runToEnd('pnpm', ['--silent', 'planvas', 'migrate', rel], { cwd: REPO_ROOT, env: { ...process.env, INIT_CWD: '' } });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(`Migrated ${rel}\n`);
      expect(await readFile(join(scratch, 'plan.json'), 'utf8')).not.toContain('todo_task_step');
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });
});
