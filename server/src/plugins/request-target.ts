/**
 * What a request target (the second word of the request line) points at, as the guard must see it.
 *
 * The router does not match the raw target: it takes the path out of an absolute-form target
 * (`GET http://x/api/settings`), percent-decodes it (`/%61pi` is `/api`), and could be told to
 * ignore duplicate or trailing slashes or case. A guard that looks at the raw string sees
 * something else than the router routes. So the guard asks "could this be under /api?" of the
 * path decoded, with `//`, `/./` and `..` resolved and case ignored: any spelling that reaches
 * /api, or merely looks like it, needs the token; only what is plainly outside it does not.
 */
export type RequestTarget =
  | {
      ok: true;
      /** `origin` (`/path?q`), `absolute` (`http://host/path`) or `asterisk` (`*`, for OPTIONS). */
      form: 'origin' | 'absolute' | 'asterisk';
      /** The `host[:port]` of an absolute-form target, lower-cased. */
      authority?: string;
      /** The path's folder names, decoded, with `.`, `..` and empty names resolved away. */
      segments: string[];
      /** The first folder name as written, before `..` was resolved (`/api/../x` still says api). */
      literalFirstSegment?: string;
    }
  | { ok: false; reason: string };

/** Decoding rounds: `%2561` is `%61` once and `a` twice; no router decodes more than once. */
const MAX_DECODE_ROUNDS = 3;

export function parseRequestTarget(target: string): RequestTarget {
  if (target === '*') return { ok: true, form: 'asterisk', segments: [] };
  let rest = target;
  let authority: string | undefined;
  const absolute = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)/.exec(target);
  if (absolute) {
    const scheme = (absolute[1] ?? '').toLowerCase();
    if (scheme !== 'http' && scheme !== 'https') return { ok: false, reason: `the scheme ${scheme} is not HTTP` };
    authority = (absolute[2] ?? '').toLowerCase();
    if (authority === '' || authority.includes('@')) return { ok: false, reason: 'the target names no host, or carries user information' };
    rest = target.slice(absolute[0].length) || '/';
  }
  if (!rest.startsWith('/')) return { ok: false, reason: 'the target is neither a path nor an absolute http URL' };
  const rawPath = rest.split(/[?#]/, 1)[0] ?? '';
  const path = decodeRepeatedly(rawPath);
  if (path === undefined) return { ok: false, reason: 'the path has a malformed %-escape' };
  // A backslash is a separator to Windows and to some URL parsers: treat it as one here.
  const names = path.replace(/\\/g, '/').split('/');
  const literalFirstSegment = names.find((name) => name !== '' && name !== '.');
  const segments: string[] = [];
  for (const name of names) {
    if (name === '' || name === '.') continue;
    if (name === '..') segments.pop();
    else segments.push(name);
  }
  return {
    ok: true,
    form: absolute ? 'absolute' : 'origin',
    ...(authority !== undefined ? { authority } : {}),
    segments,
    ...(literalFirstSegment !== undefined ? { literalFirstSegment } : {}),
  };
}

/** Undefined when the first round fails (what the router refuses too); later rounds stop quietly. */
function decodeRepeatedly(path: string): string | undefined {
  let current = path;
  for (let round = 0; round < MAX_DECODE_ROUNDS && current.includes('%'); round++) {
    try {
      current = decodeURIComponent(current);
    } catch {
      if (round === 0) return undefined;
      break;
    }
  }
  return current;
}

/** True when any reading of the target lies under /api, whatever its case. */
export function mayBeUnderApi(target: RequestTarget & { ok: true }): boolean {
  const first = [target.segments[0], target.literalFirstSegment];
  return first.some((name) => name !== undefined && name.toLowerCase() === 'api');
}

/** A route pattern (`/api/workflows/:id`) that lies under /api. */
export function isApiRoute(url: string | undefined): boolean {
  return url !== undefined && (url === '/api' || url.startsWith('/api/'));
}
