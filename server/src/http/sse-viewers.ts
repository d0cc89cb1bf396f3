import { ApiError } from './api-error';
import { messages } from '../errors/messages';

/**
 * What one server allows its Server-Sent Events viewers, whatever they do: how many streams at
 * once (all of them: run streams and change streams), how many per run, and how far a viewer may
 * fall behind (bytes queued for it that it has not taken) before it is cut off.
 */
export interface SseLimits {
  maxViewers: number;
  maxViewersPerRun: number;
  maxBehindBytes: number;
}

/**
 * 1,000 streams in all and 100 per run: far above any real team (a viewer is a browser tab),
 * low enough that memory stays bounded even if every one of them stops reading, since each can
 * hold at most `maxBehindBytes` (1 MiB) plus one frame before it is cut off.
 */
export const DEFAULT_SSE_LIMITS: Readonly<SseLimits> = { maxViewers: 1000, maxViewersPerRun: 100, maxBehindBytes: 1024 * 1024 };

const ENV_NAMES: Readonly<Record<keyof SseLimits, string>> = {
  maxViewers: 'PLANVAS_SSE_MAX_VIEWERS',
  maxViewersPerRun: 'PLANVAS_SSE_MAX_VIEWERS_PER_RUN',
  maxBehindBytes: 'PLANVAS_SSE_MAX_BEHIND_BYTES',
};

/** Each limit: the option, else its environment variable (PLANVAS_SSE_MAX_…), else the default. */
export function resolveSseLimits(options: Partial<SseLimits> = {}, env: NodeJS.ProcessEnv = process.env): SseLimits {
  const pick = (name: keyof SseLimits): number => {
    const option = options[name];
    if (option !== undefined && Number.isSafeInteger(option) && option > 0) return option;
    const fromEnv = Number(env[ENV_NAMES[name]]);
    return Number.isSafeInteger(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_SSE_LIMITS[name];
  };
  return { maxViewers: pick('maxViewers'), maxViewersPerRun: pick('maxViewersPerRun'), maxBehindBytes: pick('maxBehindBytes') };
}

/** A place among the viewers; given back once when the stream ends. */
export interface ViewerTicket {
  /** How many bytes are queued for this viewer right now (set by the stream). */
  measure(probe: () => number): void;
  release(): void;
}

/**
 * The viewers of one server: admission against the limits (503 `too_many_viewers` in the one
 * error shape, before any stream opens) and a gauge of what is queued for all of them.
 */
export class ViewerRegistry {
  private limitsNow: SseLimits;
  private readonly probes = new Set<() => number>();
  private readonly perGroup = new Map<string, number>();
  private total = 0;
  private cutOffCount = 0;

  constructor(limits: SseLimits) {
    this.limitsNow = limits;
  }

  get limits(): Readonly<SseLimits> {
    return this.limitsNow;
  }

  /** Limits given to a plugin explicitly win over what the registry was created with. */
  configure(options: Partial<SseLimits>): void {
    const explicit = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as Partial<SseLimits>;
    this.limitsNow = { ...this.limitsNow, ...explicit };
  }

  /** A place for a stream, in `group` (a run id) when given; 503 when the server or the group is full. */
  admit(group?: string): ViewerTicket {
    const { maxViewers, maxViewersPerRun } = this.limitsNow;
    const retry = { 'retry-after': '5' };
    if (this.total >= maxViewers) throw new ApiError(503, 'too_many_viewers', messages.tooManyViewers(maxViewers), [], {}, retry);
    if (group !== undefined && (this.perGroup.get(group) ?? 0) >= maxViewersPerRun) {
      throw new ApiError(
        503,
        'too_many_viewers',
        messages.tooManyRunViewers(maxViewersPerRun),
        [{ path: 'runId', message: `at most ${maxViewersPerRun} viewers per run` }],
        {},
        retry,
      );
    }
    this.total += 1;
    if (group !== undefined) this.perGroup.set(group, (this.perGroup.get(group) ?? 0) + 1);
    let probe: (() => number) | undefined;
    let released = false;
    return {
      measure: (p) => {
        if (released) return;
        if (probe) this.probes.delete(probe);
        probe = p;
        this.probes.add(p);
      },
      release: () => {
        if (released) return;
        released = true;
        if (probe) this.probes.delete(probe);
        this.total -= 1;
        if (group === undefined) return;
        const left = (this.perGroup.get(group) ?? 1) - 1;
        if (left > 0) this.perGroup.set(group, left);
        else this.perGroup.delete(group);
      },
    };
  }

  /** Open streams, in all or in one group. */
  count(group?: string): number {
    return group === undefined ? this.total : (this.perGroup.get(group) ?? 0);
  }

  /** Bytes queued for all open streams (what slow viewers cost in memory right now). */
  bufferedBytes(): number {
    let sum = 0;
    for (const probe of this.probes) sum += probe();
    return sum;
  }

  /** How many viewers were cut off for falling behind since the server started. */
  get cutOff(): number {
    return this.cutOffCount;
  }

  noteCutOff(): void {
    this.cutOffCount += 1;
  }
}

const registries = new WeakMap<object, ViewerRegistry>();

/**
 * The registry of the server `owner` (the app's http.Server, which every plugin context shares,
 * so the run streams and the change streams count against one total). Created with `options`
 * (else the environment, else the defaults) by whoever asks first; explicit options of a later
 * caller are applied too.
 */
export function viewerRegistryOf(owner: object, options: Partial<SseLimits> = {}): ViewerRegistry {
  let registry = registries.get(owner);
  if (!registry) {
    registry = new ViewerRegistry(resolveSseLimits(options));
    registries.set(owner, registry);
  } else {
    registry.configure(options);
  }
  return registry;
}
