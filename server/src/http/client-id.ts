import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error';
import { messages } from '../errors/messages';
import type { WriteContext } from '../workspace/document-writes';

export const CLIENT_ID_HEADER = 'x-planvas-client';
const CLIENT_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The browser tab behind a write (`X-Planvas-Client`), echoed on the change stream so that tab
 * can tell its own saves from everybody else's. Optional; a malformed one is refused rather than
 * silently dropped, or the tab would take its own save for a foreign change.
 */
export function writeContextOf(request: FastifyRequest): WriteContext {
  const raw = request.headers[CLIENT_ID_HEADER];
  if (raw === undefined) return {};
  const value = Array.isArray(raw) ? raw.join(',') : raw;
  if (!CLIENT_ID.test(value)) {
    throw new ApiError(400, 'invalid_client_id', messages.invalidClientId, [
      { path: 'X-Planvas-Client', message: 'must be 1-128 characters of A-Z a-z 0-9 . _ : -' },
    ]);
  }
  return { clientId: value };
}
