import { ProviderError, type ModelCall, type UsageSink } from './provider';

/** The parts of the chat-completions protocol planvas uses (OpenAI and compatible servers). */
export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ChatTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools?: ChatTool[];
}

export interface ChatReply {
  message: { content: string | null; tool_calls: ChatToolCall[] };
  model: string;
}

export interface ChatClientSettings {
  baseUrl: string;
  /** Sent as a Bearer token; never logged, never written to a file. */
  apiKey?: string;
  requestTimeoutMs: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * One chat-completions call with fetch. Anything that is not a well-formed reply (an HTTP error,
 * a body that is not JSON, no choices, a tool call without a name) is a ProviderError with a
 * message a user can act on; the caller fails the step with it.
 */
export async function chatCompletion(settings: ChatClientSettings, request: ChatRequest, signal: AbortSignal, usage?: UsageSink): Promise<ChatReply> {
  const started = performance.now();
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify({ ...request, ...(request.tools && request.tools.length > 0 ? { tool_choice: 'auto' } : {}) }),
      signal: AbortSignal.any([signal, AbortSignal.timeout(settings.requestTimeoutMs)]),
    });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw new ProviderError(`the chat endpoint could not be reached: ${(error as Error).message}`);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ProviderError(`malformed reply from the chat endpoint (HTTP ${response.status}): not JSON: ${text.slice(0, 200)}`);
  }
  if (!response.ok) {
    const message = isRecord(body) && isRecord(body['error']) && typeof body['error']['message'] === 'string' ? body['error']['message'] : text.slice(0, 200);
    throw new ProviderError(`the chat endpoint answered HTTP ${response.status}: ${message}`);
  }
  const choices = isRecord(body) ? body['choices'] : undefined;
  const first = Array.isArray(choices) ? choices[0] : undefined;
  const message = isRecord(first) ? first['message'] : undefined;
  if (!isRecord(message)) throw new ProviderError('malformed reply from the chat endpoint: no choices[0].message');
  const content = message['content'];
  if (content !== null && content !== undefined && typeof content !== 'string') throw new ProviderError('malformed reply: message.content is not text');
  const rawCalls = message['tool_calls'] ?? [];
  if (!Array.isArray(rawCalls)) throw new ProviderError('malformed reply: message.tool_calls is not a list');
  const toolCalls: ChatToolCall[] = rawCalls.map((call, i) => {
    const fn = isRecord(call) ? call['function'] : undefined;
    if (!isRecord(call) || !isRecord(fn) || typeof fn['name'] !== 'string') throw new ProviderError(`malformed reply: tool_calls[${i}] has no function name`);
    const args = fn['arguments'];
    return {
      id: typeof call['id'] === 'string' ? call['id'] : `call_${i}`,
      type: 'function',
      function: { name: fn['name'], arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) },
    };
  });
  const model = isRecord(body) && typeof body['model'] === 'string' ? body['model'] : request.model;
  usage?.(modelCallOf(body, model, performance.now() - started));
  return { message: { content: typeof content === 'string' ? content : null, tool_calls: toolCalls }, model };
}

/** Tool-call arguments: a JSON object, or a ProviderError naming the tool. */
export function parseArguments(call: ChatToolCall): Record<string, unknown> {
  let value: unknown;
  try {
    value = call.function.arguments.trim() === '' ? {} : JSON.parse(call.function.arguments);
  } catch {
    throw new ProviderError(`malformed arguments for ${call.function.name}: not JSON`);
  }
  if (!isRecord(value)) throw new ProviderError(`malformed arguments for ${call.function.name}: not a JSON object`);
  return value;
}

const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined);

/**
 * The call's usage as the reply's `usage` reports it (prompt_tokens, completion_tokens, and the
 * cached and reasoning details some servers add). A server that reports none is recorded with
 * zero tokens and `usage_missing`, so the call still counts and the gap shows.
 */
export function modelCallOf(body: unknown, model: string, latencyMs: number): ModelCall {
  const reported = isRecord(body) && isRecord(body['usage']) ? body['usage'] : undefined;
  const prompt = isRecord(reported?.['prompt_tokens_details']) ? reported['prompt_tokens_details'] : undefined;
  const completion = isRecord(reported?.['completion_tokens_details']) ? reported['completion_tokens_details'] : undefined;
  const cached = count(prompt?.['cached_tokens']);
  const reasoning = count(completion?.['reasoning_tokens']);
  return {
    model,
    input_tokens: count(reported?.['prompt_tokens']) ?? 0,
    output_tokens: count(reported?.['completion_tokens']) ?? 0,
    ...(cached !== undefined ? { cache_read_tokens: cached } : {}),
    ...(reasoning !== undefined ? { reasoning_tokens: reasoning } : {}),
    latency_ms: Math.round(latencyMs),
    simulated: false,
    ...(reported ? {} : { usage_missing: true }),
  };
}
