import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileRevisionProbe } from './file-revision-probe';
import { revisionOf } from './revision';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'planvas-probe-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('FileRevisionProbe', () => {
  it('answers the hash of the bytes, null for a missing file or a folder', async () => {
    const probe = new FileRevisionProbe();
    const path = join(dir, 'plan.json');
    expect(await probe.revision(path)).toBeNull();
    await writeFile(path, '{"steps": []}\n');
    expect(await probe.revision(path)).toBe(revisionOf('{"steps": []}\n'));
    expect(await probe.revision(dir)).toBeNull();
  });

  it('trusts an unchanged stat when asked (polling), and sees any change of size, inode or times', async () => {
    const probe = new FileRevisionProbe();
    const path = join(dir, 'plan.json');
    await writeFile(path, 'one');
    expect(await probe.revision(path, { trustStat: true })).toBe(revisionOf('one'));
    expect(await probe.revision(path, { trustStat: true })).toBe(revisionOf('one'));
    await writeFile(path, 'three');
    expect(await probe.revision(path, { trustStat: true })).toBe(revisionOf('three'));
    // Without trustStat the bytes are always read.
    expect(await probe.revision(path)).toBe(revisionOf('three'));
  });
});
