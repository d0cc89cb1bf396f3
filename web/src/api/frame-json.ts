/**
 * The JSON object an SSE frame carries, or undefined for anything else: a frame from a server of
 * another version, or a proxy's keep-alive, must not throw inside an EventSource listener.
 */
export function frameObject(data: unknown): Record<string, unknown> | undefined {
  if (typeof data !== 'string') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(data);
  } catch {
    return undefined;
  }
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
}
