import { MAX_JSON_DEPTH } from './parse-json-source';

// What stringifyPreserving throws of its own. A module apart, because both the entry point and the
// writer's modules (fresh values reach the depth limit and cycles) throw these.

export const jsonWriteMessages = {
  notSerialisable: 'The value cannot be written as JSON (it is undefined, a function or a symbol)',
  circular: 'Converting circular structure to JSON',
  tooDeep: (limit: number) => `The value is nested more than ${limit} levels deep: it could not be read back, so it is not written`,
} as const;

/**
 * The value is nested deeper than parseJsonSource accepts. Writing it would
 * leave a file planvas cannot open again, so nothing is written. It is the
 * caller's input that is wrong, hence `statusCode` 400 for HTTP servers.
 */
export class JsonDepthError extends Error {
  readonly statusCode = 400;
  readonly code = 'too_deep';
  readonly limit = MAX_JSON_DEPTH;

  constructor() {
    super(jsonWriteMessages.tooDeep(MAX_JSON_DEPTH));
    this.name = 'JsonDepthError';
  }
}
