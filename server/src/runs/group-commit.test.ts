import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

/** A commit that waits until released, recording each batch it was given. */
function gatedCommit() {
  const batches: string[][] = [];
  let release: () => void = () => undefined;
  let gate = new Promise<void>((r) => (release = r));
  const commit = async (_key: string, drafts: string[]) => {
    batches.push(drafts);
    await gate;
    if (drafts.includes('boom')) throw new Error('refused');
    return drafts.map((d) => `${d}!`);
  };
  return {
    batches,
    commit,
    open: () => {
      release();
      gate = Promise.resolve();
    },
  };
}

describe('GroupCommit', () => {
  it('gathers what waits behind a commit into the next one and answers each caller with its own part', async () => {
    const gated = gatedCommit();
    const group = new GroupCommit(gated.commit, () => false);
    const first = group.add('run', ['a']);
    const second = group.add('run', ['b', 'c']);
    const third = group.add('run', ['d']);
    gated.open();
    expect(await first).toEqual(['a!']);
    expect(await second).toEqual(['b!', 'c!']);
    expect(await third).toEqual(['d!']);
    expect(gated.batches).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('closes a batch after an append that ends it; keys do not wait for each other', async () => {
    const gated = gatedCommit();
    const group = new GroupCommit(gated.commit, (draft) => draft === 'end');
    const parts = [group.add('run', ['a']), group.add('run', ['b']), group.add('run', ['end']), group.add('run', ['late']), group.add('other', ['x'])];
    gated.open();
    await Promise.all(parts);
    expect(gated.batches).toEqual([['a'], ['x'], ['b', 'end'], ['late']]);
  });

  it('refuses every append of a failed batch, and goes on with the next', async () => {
    const gated = gatedCommit();
    const group = new GroupCommit(gated.commit, () => false);
    const first = group.add('run', ['a']);
    const failing = [group.add('run', ['b']), group.add('run', ['boom'])];
    gated.open();
    await first;
    await expect(failing[0]).rejects.toThrow('refused');
    await expect(failing[1]).rejects.toThrow('refused');
    expect(await group.add('run', ['c'])).toEqual(['c!']);
    await group.settled();
  });
});
