import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import { fileInside, parseCheckPath, validateOutputs } from './validation';

let dir: string;
useTempDir('planvas-val-', (path) => (dir = path));

describe('validateOutputs', () => {
  it('parses check paths', () => {
    expect(parseCheckPath('findings[0].source_id')).toEqual(['findings', 0, 'source_id']);
    expect(parseCheckPath('$.a["b c"][2]')).toEqual(['a', 'b c', 2]);
    expect(parseCheckPath('a..b')).toBeUndefined();
  });

  it('passes without a schema and reports missing required files only', async () => {
    expect(await validateOutputs(undefined, dir)).toEqual({ passed: true, problems: [] });
    const outcome = await validateOutputs(
      {
        files: [
          { file_name: 'a.json', must_exist: true },
          { file_name: 'b.md', must_exist: false },
        ],
      },
      dir,
    );
    expect(outcome).toEqual({ passed: false, problems: [{ file: 'a.json', message: 'the file does not exist' }] });
  });

  it('checks types, lengths, ranges and patterns at nested paths', async () => {
    await writeFile(join(dir, 'r.json'), JSON.stringify({ findings: [{ source_id: 'x-1' }], summary: 'short', confidence: 2, n: 1.5 }));
    const outcome = await validateOutputs(
      {
        files: [
          {
            file_name: 'r.json',
            json_checks: [
              { path: 'findings', value_type: 'array', min_length: 3 },
              { path: 'summary', value_type: 'string', min_length: 10 },
              { path: 'confidence', value_type: 'number', max_value: 1 },
              { path: 'findings[0].source_id', pattern: '^src-[0-9]{3}$' },
              { path: 'n', value_type: 'integer' },
              { path: 'absent', must_exist: true },
              { path: 'optional', must_exist: false },
            ],
          },
        ],
      },
      dir,
    );
    expect(outcome.passed).toBe(false);
    expect(outcome.problems.map((p) => [p.path, p.message])).toEqual([
      ['findings', 'has length 1, below min_length 3'],
      ['summary', 'has length 5, below min_length 10'],
      ['confidence', 'is 2, above max_value 1'],
      ['findings[0].source_id', 'does not match pattern ^src-[0-9]{3}$'],
      ['n', 'is number, expected integer'],
      ['absent', 'is missing'],
    ]);
  });

  it('reports invalid JSON and refuses file names outside the folder', async () => {
    await writeFile(join(dir, 'bad.json'), '{nope');
    const outcome = await validateOutputs({ files: [{ file_name: 'bad.json', json_checks: [{ path: 'a' }] }, { file_name: '../x.json' }] }, dir);
    expect(outcome.problems.map((p) => p.file)).toEqual(['bad.json', '../x.json']);
    expect(fileInside(dir, '/etc/passwd')).toBeUndefined();
    expect(fileInside(dir, 'sub/ok.md')).toBe(join(dir, 'sub/ok.md'));
  });
});
