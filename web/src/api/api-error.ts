import type { ErrorDetail } from '@planvas/shared';

/**
 * Every failed API call surfaces as this one error, carrying the server's JSON error shape
 * (`{ statusCode, code, message, details }`). Network failures get status 0 and code `network`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetail[];

  constructor(status: number, code: string, message: string, details: ErrorDetail[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** Builds the error from a failed response, whatever its body turns out to be. */
  static async fromResponse(response: Response): Promise<ApiError> {
    const text = await response.text().catch(() => '');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (isErrorBody(body)) {
      return new ApiError(response.status, body.code ?? `http_${response.status}`, body.message ?? response.statusText, body.details ?? []);
    }
    const message = text.trim().slice(0, 200) || response.statusText || `HTTP ${response.status}`;
    return new ApiError(response.status, `http_${response.status}`, message);
  }
}

function isErrorBody(body: unknown): body is { code?: string; message?: string; details?: ErrorDetail[] } {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return typeof b.message === 'string' && (b.details === undefined || Array.isArray(b.details));
}
