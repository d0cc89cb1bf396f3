import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local chat-completions endpoint for the openai provider's tests: the real protocol over a real
// socket, answered by a tiny deterministic "model" (tool calls chosen from the request's tools).

export interface Recorded {
  authorization: string | undefined;
  body: { model: string; messages: Array<{ role: string; content: string | null; tool_call_id?: string }>; tools?: Array<{ function: { name: string } }> };
}

/** A chat-completions server speaking the OpenAI protocol, driven by a tiny deterministic "model". */
export class ProtocolServer {
  readonly requests: Recorded[] = [];
  mode: 'good' | 'not-json' | 'no-choices' | 'bad-arguments' | 'unknown-option' | 'no-usage' = 'good';
  /** The `usage` of every reply sent, in order (absent in mode `no-usage`). */
  readonly usages: Array<{ prompt_tokens: number; completion_tokens: number; cached_tokens: number; reasoning_tokens: number }> = [];
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer(async (req, res) => {
      const body = JSON.parse(await readBody(req)) as Recorded['body'];
      this.requests.push({ authorization: req.headers.authorization, body });
      if (req.url !== '/v1/chat/completions') return send(res, 404, { error: { message: 'no such route' } });
      if (this.mode === 'not-json') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>gateway hiccup</html>');
      }
      if (this.mode === 'no-choices') return send(res, 200, { id: 'x', choices: [] });
      const message = this.reply(body);
      send(res, 200, { id: 'chatcmpl-1', model: body.model, choices: [{ index: 0, message, finish_reason: 'stop' }], ...this.usageOf(body, message) });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
  }

  /** Counts as a real server reports them, derived from the sizes so each reply's differ; the cache and reasoning details too. */
  private usageOf(body: Recorded['body'], message: Record<string, unknown>): Record<string, unknown> {
    if (this.mode === 'no-usage') return {};
    const prompt = Math.ceil(JSON.stringify(body.messages).length / 4);
    const completion = Math.ceil(JSON.stringify(message).length / 4);
    const usage = { prompt_tokens: prompt, completion_tokens: completion, cached_tokens: Math.floor(prompt / 2), reasoning_tokens: 3 };
    this.usages.push(usage);
    return {
      usage: {
        prompt_tokens: usage.prompt_tokens,
        completion_tokens: usage.completion_tokens,
        total_tokens: prompt + completion,
        prompt_tokens_details: { cached_tokens: usage.cached_tokens },
        completion_tokens_details: { reasoning_tokens: usage.reasoning_tokens },
      },
    };
  }

  private reply(body: Recorded['body']): Record<string, unknown> {
    const tools = (body.tools ?? []).map((t) => t.function.name);
    const tool = (name: string, args: unknown, id = `call_${this.requests.length}`) => ({
      role: 'assistant',
      content: null,
      tool_calls: [{ id, type: 'function', function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) } }],
    });
    const toolResults = body.messages.filter((m) => m.role === 'tool');
    if (tools.includes('submit_todo_task_result')) {
      const prompt = body.messages.find((m) => m.role === 'user')!.content!;
      const todos = JSON.parse(prompt.slice(prompt.indexOf('Current todos:') + 'Current todos:'.length)).todos as Array<{
        id: string;
        status: string;
        title: string;
      }>;
      if (todos.length === 0 && toolResults.length === 0) return tool('create_todo', { title: 'Write part one', assigned_agent: 'r1', priority: 'high' });
      if (this.mode === 'bad-arguments') return tool('submit_todo_task_result', '{"next_action": "delegate", ');
      const created = toolResults.length > 0 ? (JSON.parse(toolResults[0]!.content!) as { id: string }) : undefined;
      const open = created ?? todos.find((t) => t.status !== 'completed');
      if (open) {
        return tool('submit_todo_task_result', {
          next_action: 'delegate',
          selected_route_id: 'r1',
          todo_id_to_execute: open.id,
          instructions_to_sub_agent: 'Write part1.md and result.json',
          success_criteria_for_sub_agent: 'both files exist',
          selection_reasoning: 'r1 writes part one',
          progress_summary: '0 of 1 done',
        });
      }
      return tool('submit_todo_task_result', {
        next_action: 'complete',
        all_tasks_complete: true,
        progress_summary: '1 of 1 done',
        completion_reason: 'all done',
      });
    }
    if (tools.includes('write_file')) {
      if (toolResults.length === 0) {
        return {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'w1', type: 'function', function: { name: 'write_file', arguments: JSON.stringify({ path: 'part1.md', content: '# Part one\n' }) } },
            { id: 'w2', type: 'function', function: { name: 'write_file', arguments: JSON.stringify({ path: 'result.json', content: '{"ok":true}\n' }) } },
            { id: 'w3', type: 'function', function: { name: 'write_file', arguments: JSON.stringify({ path: '../escape.txt', content: 'no' }) } },
          ],
        };
      }
      return { role: 'assistant', content: 'Wrote part1.md and result.json' };
    }
    const prompt = body.messages.find((m) => m.role === 'user')?.content ?? '';
    if (tools.includes('choose_option') && prompt.includes('Routes:\n')) {
      // A branch: the last route listed, so a test can tell the model's pick from a default or first route.
      const ids = [...prompt.slice(prompt.indexOf('Routes:\n')).matchAll(/^- ([^:\n]+):/gm)].map((m) => m[1]!);
      return tool('choose_option', { option_id: this.mode === 'unknown-option' ? 'teleport' : ids.at(-1), reasoning: 'the last route fits' });
    }
    return { role: 'assistant', content: 'true' };
  }

  async stop(): Promise<void> {
    await new Promise((r) => this.server?.close(r));
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => resolve(text));
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Starts a chat-completions server and points the openai provider at it (through its env), with `key` as the API key. */
export async function openAiEndpointFor(key: string): Promise<ProtocolServer> {
  const model = new ProtocolServer();
  process.env['PLANVAS_OPENAI_BASE_URL'] = await model.start();
  process.env['PLANVAS_OPENAI_API_KEY'] = key;
  // A forced model would hide which LLM the chain resolved.
  delete process.env['PLANVAS_OPENAI_MODEL'];
  return model;
}
