import { END } from '../plan/common';
import { editReasons } from './reasons';

/** `Fetch Data!` -> `fetch-data`; accents are folded, anything else becomes a single `-`. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
}

/**
 * `wanted` if free, else the next free numbered variant: `fetch-data` -> `fetch-data-2`, and a
 * copy of `fetch-data-2` -> `fetch-data-3` (not `fetch-data-2-2`).
 */
export function uniqueId(wanted: string, taken: ReadonlySet<string> | ((id: string) => boolean)): string {
  const isTaken = typeof taken === 'function' ? taken : (id: string) => taken.has(id);
  if (!isTaken(wanted) && wanted !== END) return wanted;
  const match = /^(.*\S)-(\d+)$/.exec(wanted);
  const stem = match?.[1] ?? wanted;
  let n = match ? Math.max(2, Number(match[2]) + 1) : 2;
  while (isTaken(`${stem}-${n}`)) n++;
  return `${stem}-${n}`;
}

/** A free step id derived from a title; `fallback` (a kind's slug) when the title has no letters or digits. */
export function stepIdFromTitle(title: string, taken: ReadonlySet<string>, fallback = 'step'): string {
  return uniqueId(slugify(title) || fallback, taken);
}

const STEP_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Why `id` cannot be a new step id, or undefined when it can. */
export function stepIdProblem(id: string, taken: ReadonlySet<string>): string | undefined {
  if (id.trim() === '') return editReasons.emptyId;
  if (id === END) return editReasons.reservedId(id);
  if (!STEP_ID_PATTERN.test(id)) return editReasons.badIdCharacters(id);
  if (taken.has(id)) return editReasons.idTaken(id);
  return undefined;
}

/** Handle ids the canvas gives a step's own outputs; a route named like them would share a handle. */
const RESERVED_ROUTE_IDS = new Set(['next', 'generic', END]);

export function routeIdProblem(id: string, taken: ReadonlySet<string>): string | undefined {
  if (id.trim() === '') return editReasons.emptyRouteId;
  if (RESERVED_ROUTE_IDS.has(id)) return editReasons.reservedRouteId(id);
  if (!STEP_ID_PATTERN.test(id)) return editReasons.badRouteIdCharacters(id);
  if (taken.has(id)) return editReasons.routeIdTaken(id);
  return undefined;
}

export function uniqueRouteId(wanted: string, taken: ReadonlySet<string>): string {
  return uniqueId(wanted, (id) => taken.has(id) || RESERVED_ROUTE_IDS.has(id));
}
