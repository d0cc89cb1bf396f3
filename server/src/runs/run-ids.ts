import { randomBytes } from 'node:crypto';

/**
 * `20250612-091403-3f9a1c`: sorts by start time, reads as a date, and is a safe folder name
 * (`<workflow>/runs/<run-id>/`), whatever the clock or the random part say.
 */
export function newRunId(now: Date = new Date()): string {
  const iso = now.toISOString(); // 2025-06-12T09:14:03.123Z
  const stamp = `${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 19).replace(/:/g, '')}`;
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

export const RUN_ID_PATTERN = /^\d{8}-\d{6}-[0-9a-f]{6}$/;
