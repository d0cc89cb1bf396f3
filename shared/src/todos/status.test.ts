import { describe, expect, it } from 'vitest';
import { isClosedStatus, normalizeTodoStatus } from './status';

describe('normalizeTodoStatus', () => {
  it('reads known statuses, odd spellings included', () => {
    expect(normalizeTodoStatus('done')).toBe('completed');
    expect(normalizeTodoStatus(' Needs_User ')).toBe('blocked');
    expect(normalizeTodoStatus(undefined)).toBe('open');
  });

  it('never answers a prototype member for a status a runtime sent', () => {
    // Statuses come from ingested events and todos.json: any string, including Object's own names.
    for (const status of ['constructor', 'Constructor', ' __proto__', 'toString', 'HasOwnProperty', 'valueOf ']) {
      expect(normalizeTodoStatus(status), status).toBe('open');
      expect(isClosedStatus(status), status).toBe(false);
    }
  });
});
