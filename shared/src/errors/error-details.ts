import type { z } from 'zod';

/** One problem in a request or a document, located by a JSONPath such as `$.steps[2].title`. */
export interface ErrorDetail {
  path: string;
  message: string;
}

/** The single error shape of every 4xx/5xx answer of the planvas API. */
export interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string;
  details: ErrorDetail[];
}

/** `['steps', 2, 'title']` -> `$.steps[2].title`; keys that are not identifiers are quoted. */
export function formatJsonPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '$';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (typeof segment === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(segment)) out += `.${segment}`;
    else out += `[${JSON.stringify(String(segment))}]`;
  }
  return out;
}

type Issue = z.core.$ZodIssue;

/**
 * Flattens zod issues into details. A union failure (e.g. a step that is neither a valid known
 * step nor an opaque one) would otherwise surface as one unhelpful "invalid input"; we descend into
 * the branch that got furthest, i.e. whose issues are deepest, so the user sees the field at fault.
 */
export function issuesToDetails(issues: ReadonlyArray<Issue>, basePath: ReadonlyArray<PropertyKey> = []): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const issue of issues) {
    const path = [...basePath, ...issue.path];
    if (issue.code === 'invalid_union' && 'errors' in issue && issue.errors.length > 0) {
      const best = pickDeepestBranch(issue.errors);
      if (best.length > 0) {
        details.push(...issuesToDetails(best, path));
        continue;
      }
    }
    details.push({ path: formatJsonPath(path), message: issue.message });
  }
  return dedupe(details);
}

function pickDeepestBranch(branches: ReadonlyArray<ReadonlyArray<Issue>>): ReadonlyArray<Issue> {
  let best: ReadonlyArray<Issue> = [];
  let bestDepth = -1;
  for (const branch of branches) {
    const depth = Math.max(...branch.map((i) => i.path.length + (i.code === 'invalid_union' ? 1 : 0)));
    if (depth > bestDepth) {
      best = branch;
      bestDepth = depth;
    }
  }
  return best;
}

function dedupe(details: ErrorDetail[]): ErrorDetail[] {
  const seen = new Set<string>();
  return details.filter((d) => {
    const key = `${d.path}\u0000${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
