import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ValidationSchema } from '@planvas/shared';
import { validateOutputs } from '../validation';
import { samplePattern } from './sample-pattern';
import { jsonSatisfying, writeScriptedOutputs } from './scripted-outputs';
import { engineHarness, tempRoot, todoTaskPlan, writeWorkflow, type TempRoot } from '../../test-support/run-harness';
import { ScriptedProvider } from './scripted';

const researchSchema: ValidationSchema = {
  files: [
    {
      file_name: 'research_findings.json',
      must_exist: true,
      json_checks: [
        { path: 'findings', must_exist: true, value_type: 'array', min_length: 3 },
        { path: 'summary', must_exist: true, value_type: 'string', min_length: 200, max_length: 6000 },
        { path: 'confidence', must_exist: true, value_type: 'number', min_value: 0, max_value: 1 },
        { path: 'findings[0].source_id', must_exist: true, value_type: 'string', pattern: '^src-[0-9]{3}$' },
      ],
    },
  ],
};

describe('scripted outputs', () => {
  it('samples simple patterns and gives up on ones it cannot honour', () => {
    for (const p of ['^src-[0-9]{3}$', '^[A-Z]{2,4}-\\d+$', '(foo|bar)_x?y*', '\\.md$']) {
      const s = samplePattern(p);
      expect(s, p).toBeDefined();
      expect(new RegExp(p).test(s!)).toBe(true);
    }
    expect(samplePattern('^(?=x)')).toBeUndefined();
    expect(samplePattern('*bad')).toBeUndefined();
  });

  it('builds JSON that passes the demo json_checks, nested array paths included', async () => {
    const doc = jsonSatisfying(researchSchema.files![0]!.json_checks!, { stepId: 's', title: 't', summary: 'x' });
    expect((doc['findings'] as unknown[]).length).toBe(3);
    const dir = await mkdtemp(join(tmpdir(), 'planvas-out-'));
    try {
      await writeScriptedOutputs(dir, ['research_findings.json', 'notes.md'], researchSchema, { stepId: 's', title: 'T', summary: 'sum' });
      expect(await validateOutputs(researchSchema, dir)).toEqual({ passed: true, problems: [] });
      expect(await readFile(join(dir, 'notes.md'), 'utf8')).toContain('# T');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('scripted outputs and plan-chosen keys', () => {
  it('builds __proto__ / constructor.prototype paths as plain keys and pollutes no prototype', async () => {
    const checks = [
      { path: '__proto__.x', value_type: 'string' },
      { path: 'constructor.prototype.y', value_type: 'string' },
      { path: 'items[0].__proto__.z', value_type: 'integer', min_value: 3, max_value: 3 },
      { path: 'items', value_type: 'array', min_length: 2 },
    ];
    const doc = jsonSatisfying(checks, { stepId: 's', title: 't', summary: 'sum' });
    const empty: Record<string, unknown> = {};
    expect([empty['x'], empty['y'], empty['z']]).toEqual([undefined, undefined, undefined]);
    const text = JSON.stringify(doc);
    expect(JSON.parse(text)).toEqual(
      JSON.parse(
        '{"__proto__":{"x":"sum"},"constructor":{"prototype":{"y":"sum"}},"items":[{"__proto__":{"z":3}},{"__proto__":{"z":3}}],"generated_by":"planvas scripted provider","step_id":"s"}',
      ),
    );
    // And the file passes its own checks: validation reads own keys only.
    const dir = await mkdtemp(join(tmpdir(), 'planvas-out-'));
    try {
      const schema: ValidationSchema = { files: [{ file_name: 'r.json', json_checks: checks }] };
      await writeScriptedOutputs(dir, ['r.json'], schema, { stepId: 's', title: 't', summary: 'sum' });
      expect(await validateOutputs(schema, dir)).toEqual({ passed: true, problems: [] });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('scripted outputs stay inside the execution folder', () => {
  let base: string;
  let dir: string;
  const ctx = { stepId: 's', title: 'import os', summary: 'print(os.environ)' };
  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), 'planvas-out-'));
    dir = join(base, 'execution');
    await mkdir(dir);
  });
  afterEach(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('refuses absolute and .. names with a clear error, before writing anything', async () => {
    for (const bad of ['../escape.txt', '../../learnings/work/main.py', join(base, 'abs.txt'), 'a/../../b.txt', '']) {
      await expect(writeScriptedOutputs(dir, ['ok.md', bad], undefined, ctx), bad).rejects.toThrow(
        `context_output ${JSON.stringify(bad)} was not written: it is not a relative path inside the folder`,
      );
    }
    expect(await readdir(dir)).toEqual([]);
    expect(await readdir(base)).toEqual(['execution']);
  });

  it('refuses names a symlink leads out of the folder (a linked folder, a linked file, a dangling link)', async () => {
    const outside = join(base, 'outside');
    await mkdir(outside);
    await writeFile(join(outside, 'keep.txt'), 'untouched');
    await symlink(outside, join(dir, 'linked'), 'dir');
    await symlink(join(outside, 'keep.txt'), join(dir, 'file.txt'));
    await symlink(join(outside, 'nothing.txt'), join(dir, 'dangling.txt'));
    for (const bad of ['linked/new.md', 'linked/keep.txt', 'file.txt']) {
      await expect(writeScriptedOutputs(dir, [bad], undefined, ctx), bad).rejects.toThrow('a symbolic link leads it out of the folder');
    }
    await expect(writeScriptedOutputs(dir, ['dangling.txt'], undefined, ctx)).rejects.toThrow('a symbolic link to nothing');
    expect(await readdir(outside)).toEqual(['keep.txt']);
    expect(await readFile(join(outside, 'keep.txt'), 'utf8')).toBe('untouched');
    // A link that stays inside the folder is fine: the file is written where it really is.
    await mkdir(join(dir, 'real'));
    await symlink(join(dir, 'real'), join(dir, 'alias'), 'dir');
    expect(await writeScriptedOutputs(dir, ['alias/in.md'], undefined, ctx)).toEqual(['alias/in.md']);
    expect(existsSync(join(dir, 'real/in.md'))).toBe(true);
  });

  it("a run whose plan points an output at the workflow's learnings fails the step and writes nothing there", async () => {
    const root: TempRoot = await tempRoot();
    const plan = todoTaskPlan({ routes: 1 });
    const sub = ((plan['steps'] as Array<Record<string, unknown>>)[0]!['predefined_routes'] as Array<{ sub_agent_step: Record<string, unknown> }>)[0]!
      .sub_agent_step;
    sub['context_output'] = ['part1.md', '../../../learnings/work/main.py'];
    await writeWorkflow(root.root, 'W', plan);
    const harness = await engineHarness(root, new ScriptedProvider());
    try {
      const run = await harness.engine.start('W', { paceMs: 0 });
      const outcome = await harness.engine.settled(run.id);
      expect(outcome?.status).toBe('failed');
      expect(outcome && 'reason' in outcome ? outcome.reason : '').toContain(
        'context_output "../../../learnings/work/main.py" was not written: it is not a relative path inside the folder',
      );
      expect(existsSync(join(root.root, 'W/learnings/work'))).toBe(false);
      expect(existsSync(join(root.root, 'W/runs', run.id, 'execution/part1.md'))).toBe(false);
    } finally {
      await harness.close();
      await root.cleanup();
    }
  });
});
