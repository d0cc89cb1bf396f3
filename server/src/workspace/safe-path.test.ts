import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkWorkflowId, isInside, isSafeSegment, realPathInside } from './safe-path';

describe('checkWorkflowId', () => {
  it.each(['Workflow/ResearchReport', 'a', 'Team/Ops/FourSpaceIndent', 'with space/and-dash_1', 'Ünïcode/Flow', '...hidden-ish'])('accepts %s', (id) => {
    expect(checkWorkflowId(id).ok).toBe(true);
  });
  it.each(['', '..', '../x', 'a/../b', 'a/..', './a', 'a/./b', '/abs', 'C:/x', 'c:x', 'a\\b', 'a\0b', 'a//b', 'a/', 'x'.repeat(1025)])('refuses %j', (id) => {
    const check = checkWorkflowId(id);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason.length).toBeGreaterThan(0);
  });
  it('isSafeSegment allows one folder name only', () => {
    expect(isSafeSegment('onboarding-tasks')).toBe(true);
    expect(isSafeSegment('a/b')).toBe(false);
    expect(isSafeSegment('..')).toBe(false);
  });
});

describe('isInside', () => {
  it('is not fooled by a sibling sharing the prefix', () => {
    expect(isInside('/x/ws', '/x/ws')).toBe(true);
    expect(isInside('/x/ws', '/x/ws/a/b')).toBe(true);
    expect(isInside('/x/ws', '/x/ws-evil')).toBe(false);
    expect(isInside('/x/ws', '/x/ws-evil/a')).toBe(false);
    expect(isInside('/x/ws', '/x')).toBe(false);
    expect(isInside('/x/ws', '/x/ws/..foo')).toBe(true);
  });
});

describe('realPathInside', () => {
  it('follows symlinks and refuses those that lead out', async () => {
    const base = await mkdtemp(join(tmpdir(), 'planvas-safe-'));
    try {
      const root = join(base, 'ws');
      await mkdir(join(root, 'in'), { recursive: true });
      await mkdir(join(base, 'ws-evil'));
      await symlink(join(base, 'ws-evil'), join(root, 'out'));
      await symlink(join(root, 'in'), join(root, 'alias'));
      expect(await realPathInside(root, join(root, 'in'))).toBe(join(root, 'in'));
      expect(await realPathInside(root, join(root, 'alias'))).toBe(join(root, 'in'));
      expect(await realPathInside(root, join(root, 'out'))).toBeUndefined();
      expect(await realPathInside(root, join(root, 'missing'))).toBeUndefined();
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });
});
