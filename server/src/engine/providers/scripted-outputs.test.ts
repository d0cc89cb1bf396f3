import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ValidationSchema } from '@planvas/shared';
import { validateOutputs } from '../validation';
import { samplePattern } from './sample-pattern';
import { jsonSatisfying, writeScriptedOutputs } from './scripted-outputs';

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
      await writeScriptedOutputs(dir, ['research_findings.json', 'notes.md', '../escape.txt'], researchSchema, { stepId: 's', title: 'T', summary: 'sum' });
      expect(await validateOutputs(researchSchema, dir)).toEqual({ passed: true, problems: [] });
      expect(await readFile(join(dir, 'notes.md'), 'utf8')).toContain('# T');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
