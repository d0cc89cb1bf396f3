import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JsonSyntaxError, MAX_JSON_DEPTH, jsonSyntaxMessages, parseJsonSource, scanJsonShape, type JsonSource } from '@planvas/shared';
import { ApiError } from '../http/api-error';
import { messages } from '../errors/messages';

/** The parse of each request body, kept for the format-preserving writer (see jsonBodySource). */
const sources = new WeakMap<object, JsonSource>();

/**
 * The body's parse with its syntax tree, so a save can write numbers as the body spelled them
 * (`1e400`, `12345678901234567890`, `1.0`). Undefined for anything but a JSON object or array
 * this parser produced, and for bodies whose numbers are all spelled as JavaScript writes them
 * (the writer then has nothing to take from the body).
 */
export function jsonBodySource(body: unknown): JsonSource | undefined {
  return typeof body === 'object' && body !== null ? sources.get(body) : undefined;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * application/json is the only body type: Fastify's text/plain parser is removed so a form or a
 * plain-text post gets 415, which also keeps "simple" cross-site requests away from the routes.
 *
 * Bodies are read with the same parser as workspace files, so the two accept exactly the same
 * documents: the same depth limit, a leading BOM skipped, and invalid UTF-8 refused instead of
 * being turned into U+FFFD. Malformed JSON is reported with the line and column the user can go to.
 */
export const jsonBodyParser = fp(
  async function jsonBodyParser(app: FastifyInstance) {
    app.removeContentTypeParser(['application/json', 'text/plain']);
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      let text: string;
      try {
        // The decoder also drops a leading BOM, as the file parser skips one.
        text = utf8.decode(body as Buffer);
      } catch {
        return done(new ApiError(400, 'invalid_utf8', messages.bodyNotUtf8, [{ path: '$', message: messages.bodyNotUtf8 }]), undefined);
      }
      if (text.trim() === '') return done(null, undefined);
      // Most bodies (every one the web app sends) nest within the limit and spell numbers as
      // JavaScript does: JSON.parse alone gives their value, and there is no spelling to keep, so
      // the syntax tree (four times JSON.parse's cost on a big plan) is built only when needed.
      const shape = scanJsonShape(text);
      if (shape.maxDepth <= MAX_JSON_DEPTH && !shape.unusualNumber) {
        try {
          return done(null, JSON.parse(text) as unknown);
        } catch {
          // Malformed: the full parser below says where.
        }
      }
      let source: JsonSource;
      try {
        source = parseJsonSource(text);
      } catch (error) {
        return done(rejected(error), undefined);
      }
      if (typeof source.value === 'object' && source.value !== null) sources.set(source.value, source);
      done(null, source.value);
    });
  },
  { name: 'planvas-json-body' },
);

function rejected(error: unknown): ApiError {
  if (error instanceof JsonSyntaxError) {
    // The path of a failure deep inside is as long as the document is deep: '$' says enough.
    const detail = [{ path: '$', message: error.message }];
    if (error.reason === jsonSyntaxMessages.tooDeep(MAX_JSON_DEPTH)) {
      return new ApiError(400, 'too_deep', messages.bodyTooDeep(MAX_JSON_DEPTH), detail);
    }
    return new ApiError(400, 'malformed_json', messages.malformedJson, detail);
  }
  return new ApiError(400, 'malformed_json', messages.malformedJson, [{ path: '$', message: 'invalid JSON' }]);
}
