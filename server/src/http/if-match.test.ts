import { describe, expect, it } from 'vitest';
import { asHttpAnswer } from '../test-support/http-answer';
import { assertPrecondition } from '../workspace/precondition';
import { ApiError } from './api-error';
import { matchesIfNoneMatch, parseIfMatch, requirePrecondition } from './if-match';

const rev = '0123456789abcdef0123456789abcdef';

describe('If-Match', () => {
  it('parses quoted, bare, lists, * and "absent"; weak tags never match', () => {
    expect(parseIfMatch(undefined)).toBeUndefined();
    expect(parseIfMatch('  ')).toBeUndefined();
    expect(parseIfMatch(`"${rev}"`)).toEqual({ kind: 'revisions', revisions: [rev] });
    expect(parseIfMatch(rev)).toEqual({ kind: 'revisions', revisions: [rev] });
    expect(parseIfMatch(`"a", "${rev}"`)).toEqual({ kind: 'revisions', revisions: ['a', rev] });
    expect(parseIfMatch('*')).toEqual({ kind: 'any' });
    expect(parseIfMatch('"absent"')).toEqual({ kind: 'absent' });
    expect(parseIfMatch(`W/"${rev}"`)).toEqual({ kind: 'revisions', revisions: [] });
  });

  it('428 without the header', () => {
    expect(() => requirePrecondition(undefined)).toThrow(expect.objectContaining({ statusCode: 428 }));
  });

  it('412 with the current revision when it does not hold', () => {
    const check = (header: string, current: string | undefined) => {
      try {
        assertPrecondition(requirePrecondition(header), current, 'plan.json');
        return 'ok';
      } catch (thrown) {
        const error = asHttpAnswer(thrown);
        expect(error).toBeInstanceOf(ApiError);
        return `${(error as ApiError).statusCode} ${String((error as ApiError).extra.currentRevision)}`;
      }
    };
    expect(check(`"${rev}"`, rev)).toBe('ok');
    expect(check('"other"', rev)).toBe(`412 ${rev}`);
    expect(check(`"${rev}"`, undefined)).toBe('412 null');
    expect(check('*', rev)).toBe('ok');
    expect(check('*', undefined)).toBe('412 null');
    expect(check('"absent"', undefined)).toBe('ok');
    expect(check('"absent"', rev)).toBe(`412 ${rev}`);
  });

  it('If-None-Match', () => {
    expect(matchesIfNoneMatch(`"${rev}"`, rev)).toBe(true);
    expect(matchesIfNoneMatch(`W/"${rev}"`, rev)).toBe(true);
    expect(matchesIfNoneMatch('"x"', rev)).toBe(false);
    expect(matchesIfNoneMatch(undefined, rev)).toBe(false);
  });
});
