import type { ErrorDetail } from '../errors/error-details';
import type { ReadPlanResult } from './read-plan';

/**
 * The schema problems a save introduces: those of the body that the file on disk did not already
 * have. A file that breaks the schema on disk can still be edited and saved; only what the edit adds
 * is refused. A problem counts as the file's own when the disk has the same message at the same
 * place, the place being the enclosing step (by id) and the path inside it, so a problem inside a
 * step that moved (a step was inserted before it) is still recognised.
 */
export function introducedSchemaProblems(body: ReadPlanResult, disk: ReadPlanResult | undefined): ErrorDetail[] {
  if (body.ok) return [];
  if (!disk || disk.ok) return body.details;
  const known = new Set(disk.details.map((d) => problemKey(disk.promoted, d)));
  return body.details.filter((d) => !known.has(problemKey(body.promoted, d)));
}

const STEP_LISTS = new Set(['steps', 'orphan_steps', 'if_true_steps', 'if_false_steps']);

function problemKey(root: unknown, detail: ErrorDetail): string {
  const segments = parseJsonPath(detail.path);
  if (segments === undefined) return `${detail.path}\u0000${detail.message}`;
  let node: unknown = root;
  let anchor = '$';
  let relative: Array<string | number> = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string | number;
    const parentKey = segments[i - 1];
    node = typeof node === 'object' && node !== null ? (node as Record<string | number, unknown>)[segment] : undefined;
    relative.push(segment);
    const isStepSlot = (typeof segment === 'number' && typeof parentKey === 'string' && STEP_LISTS.has(parentKey)) || segment === 'sub_agent_step';
    const id = typeof node === 'object' && node !== null ? (node as { id?: unknown }).id : undefined;
    if (isStepSlot && typeof id === 'string' && id !== '') {
      anchor = `step:${id}`;
      relative = [];
    }
  }
  return `${anchor}\u0000${JSON.stringify(relative)}\u0000${detail.message}`;
}

/** `$.steps[2]["a b"].id` -> ['steps', 2, 'a b', 'id'] (the inverse of formatJsonPath); undefined if malformed. */
export function parseJsonPath(path: string): Array<string | number> | undefined {
  if (!path.startsWith('$')) return undefined;
  const out: Array<string | number> = [];
  let i = 1;
  while (i < path.length) {
    if (path[i] === '.') {
      const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(path.slice(i + 1));
      if (!match) return undefined;
      out.push(match[0]);
      i += 1 + match[0].length;
    } else if (path[i] === '[') {
      const end = path.indexOf(']', i);
      const number = /^\[(\d+)\]/.exec(path.slice(i));
      if (number) {
        out.push(Number(number[1]));
        i += number[0].length;
        continue;
      }
      // A quoted key: JSON string syntax, which may itself contain ']'.
      const quoted = /^\["(?:[^"\\]|\\.)*"\]/.exec(path.slice(i));
      if (!quoted || end < 0) return undefined;
      out.push(JSON.parse(quoted[0].slice(1, -1)) as string);
      i += quoted[0].length;
    } else {
      return undefined;
    }
  }
  return out;
}
