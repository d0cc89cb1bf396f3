import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JsonSyntaxError, parseJsonSource } from '@planvas/shared';
import { ApiError, messages } from '../errors';

/**
 * application/json is the only body type: Fastify's text/plain parser is removed so a form or a
 * plain-text post gets 415, which also keeps "simple" cross-site requests away from the routes.
 * Malformed JSON is reported with the line and column the user can go to.
 */
export const jsonBodyParser = fp(
  async function jsonBodyParser(app: FastifyInstance) {
    app.removeContentTypeParser(['application/json', 'text/plain']);
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = body as string;
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(malformed(text), undefined);
      }
    });
  },
  { name: 'planvas-json-body' },
);

function malformed(text: string): ApiError {
  // JSON.parse is fast but vague; the format-aware parser says where the problem is.
  try {
    parseJsonSource(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) {
      return new ApiError(400, 'malformed_json', messages.malformedJson, [{ path: '$', message: error.message }]);
    }
  }
  return new ApiError(400, 'malformed_json', messages.malformedJson, [{ path: '$', message: 'invalid JSON' }]);
}
