import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { TODO_TOOL_ARGS, TODO_TOOL_DESCRIPTIONS, TODO_TOOL_NAMES, type LlmConfig } from '@planvas/shared';
import { executionFilePath, writeExecutionFile } from '../execution-files';
import { agentTaskPrompt, choicePrompt, orchestratorTurnPrompt } from './kind-prompts';
import { chatCompletion, parseArguments, type ChatClientSettings, type ChatMessage, type ChatTool } from './openai-client';
import {
  ProviderError,
  type AgentResult,
  type AgentTask,
  type ChoiceRequest,
  type ChoiceResult,
  type OrchestratorDecision,
  type OrchestratorTurn,
  type Provider,
} from './provider';

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_OPENAI_MODEL = 'gpt-4.1-mini';

export interface OpenAiSettings extends ChatClientSettings {
  /** Forces one model for every agent (PLANVAS_OPENAI_MODEL); otherwise the step's resolved LLM decides. */
  model?: string;
  /** Tool-call rounds one agent may take before its answer counts as missing. */
  maxToolRounds: number;
}

/**
 * Settings from the environment: PLANVAS_OPENAI_BASE_URL (any OpenAI-compatible server),
 * PLANVAS_OPENAI_API_KEY or OPENAI_API_KEY, PLANVAS_OPENAI_MODEL. The key lives only in memory.
 */
export function openAiSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): OpenAiSettings {
  const apiKey = env['PLANVAS_OPENAI_API_KEY'] || env['OPENAI_API_KEY'] || undefined;
  const model = env['PLANVAS_OPENAI_MODEL'] || undefined;
  return {
    baseUrl: env['PLANVAS_OPENAI_BASE_URL'] || DEFAULT_OPENAI_BASE_URL,
    ...(apiKey ? { apiKey } : {}),
    ...(model ? { model } : {}),
    requestTimeoutMs: Number(env['PLANVAS_OPENAI_TIMEOUT_MS']) || 120_000,
    maxToolRounds: 12,
  };
}

/** Why the openai provider cannot run here, or undefined when it can. */
export function openAiUnavailable(settings: OpenAiSettings): string | undefined {
  if (!settings.apiKey && settings.baseUrl === DEFAULT_OPENAI_BASE_URL) {
    return 'the openai provider needs PLANVAS_OPENAI_API_KEY (or OPENAI_API_KEY), or PLANVAS_OPENAI_BASE_URL for a compatible server that takes no key';
  }
  return undefined;
}

function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
  return rest;
}

const TODO_TOOLS: ChatTool[] = TODO_TOOL_NAMES.map((name) => ({
  type: 'function',
  function: { name, description: TODO_TOOL_DESCRIPTIONS[name], parameters: jsonSchemaOf(TODO_TOOL_ARGS[name]) },
}));

const SUBMIT_TOOL: ChatTool = {
  type: 'function',
  function: {
    name: 'submit_todo_task_result',
    description: 'Submit your decision for this turn (the TodoTaskResponse). Call it exactly once, last.',
    parameters: {
      type: 'object',
      properties: {
        next_action: { type: 'string', enum: ['delegate', 'complete', 'continue'] },
        selected_route_id: { type: 'string', description: 'route_id of a predefined route (when delegating to it)' },
        use_generic_agent: { type: 'boolean' },
        todo_id_to_execute: { type: 'string' },
        instructions_to_sub_agent: { type: 'string' },
        success_criteria_for_sub_agent: { type: 'string' },
        selection_reasoning: { type: 'string' },
        all_tasks_complete: { type: 'boolean' },
        progress_summary: { type: 'string' },
        completion_reason: { type: 'string' },
      },
      required: ['next_action', 'progress_summary'],
    },
  },
};

const FILE_TOOLS: ChatTool[] = [
  {
    type: 'function',
    function: {
      name: 'write_file',
      description: 'Write a text file in the working folder (relative path)',
      parameters: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'read_file',
      description: 'Read a text file of the working folder (relative path)',
      parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    },
  },
];

const CHOOSE_TOOL: ChatTool = {
  type: 'function',
  function: {
    name: 'choose_option',
    description: 'Give your choice',
    parameters: { type: 'object', properties: { option_id: { type: 'string' }, reasoning: { type: 'string' } }, required: ['option_id'] },
  },
};

/**
 * The `openai` provider: OpenAI-compatible chat completions with tools. The orchestrator gets
 * the seed's todo tools and `submit_todo_task_result`; sub-agents get the instructions and
 * success criteria and may read and write files of the run's working folder; choices use a
 * `choose_option` tool. What each kind's prompt says comes from that kind's fields (see
 * kind-prompts.ts); this class only speaks the protocol. The model comes from the step's
 * resolved LLM (docs/formats.md "LLM selection priority") unless PLANVAS_OPENAI_MODEL forces one.
 */
export class OpenAiProvider implements Provider {
  readonly name = 'openai' as const;

  constructor(private readonly settings: OpenAiSettings) {}

  private modelFor(llm: LlmConfig | undefined): string {
    return this.settings.model ?? (llm?.model_id || DEFAULT_OPENAI_MODEL);
  }

  private clientFor(llm: LlmConfig | undefined): ChatClientSettings {
    const baseUrl = typeof llm?.['base_url'] === 'string' && llm['base_url'] !== '' ? llm['base_url'] : this.settings.baseUrl;
    return { ...this.settings, baseUrl };
  }

  async orchestrate(turn: OrchestratorTurn): Promise<OrchestratorDecision> {
    const model = this.modelFor(turn.llm);
    const client = this.clientFor(turn.llm);
    const prompt = orchestratorTurnPrompt(turn);
    const messages: ChatMessage[] = [
      { role: 'system', content: prompt.system },
      { role: 'user', content: prompt.user },
    ];
    for (let round = 0; round < this.settings.maxToolRounds; round++) {
      const reply = await chatCompletion(client, { model, messages, tools: [...TODO_TOOLS, SUBMIT_TOOL] }, turn.signal, turn.usage);
      messages.push({
        role: 'assistant',
        content: reply.message.content,
        ...(reply.message.tool_calls.length > 0 ? { tool_calls: reply.message.tool_calls } : {}),
      });
      if (reply.message.tool_calls.length === 0) {
        const fromText = responseInText(reply.message.content);
        if (fromText) return { response: fromText, model: reply.model };
        throw new ProviderError('malformed orchestrator reply: neither a submit_todo_task_result call nor a TodoTaskResponse JSON');
      }
      for (const call of reply.message.tool_calls) {
        if (call.function.name === SUBMIT_TOOL.function.name) return { response: parseArguments(call), model: reply.model };
        let content: string;
        if ((TODO_TOOL_NAMES as readonly string[]).includes(call.function.name)) {
          let args: Record<string, unknown> | undefined;
          try {
            args = parseArguments(call);
          } catch (error) {
            content = JSON.stringify({ error: (error as Error).message });
          }
          if (args) {
            const result = turn.todos.call(call.function.name, args);
            content = JSON.stringify(result.ok ? result.output : { error: result.error });
          }
        } else {
          content = JSON.stringify({ error: `unknown tool ${call.function.name}` });
        }
        messages.push({ role: 'tool', tool_call_id: call.id, content: content! });
      }
    }
    throw new ProviderError(`the orchestrator did not call submit_todo_task_result within ${this.settings.maxToolRounds} tool rounds`);
  }

  async runAgent(task: AgentTask): Promise<AgentResult> {
    const model = this.modelFor(task.llm);
    const client = this.clientFor(task.llm);
    const files: string[] = [];
    const prompt = agentTaskPrompt(task);
    const messages: ChatMessage[] = [
      { role: 'system', content: prompt.system },
      { role: 'user', content: prompt.user },
    ];
    for (let round = 0; round < this.settings.maxToolRounds; round++) {
      const reply = await chatCompletion(client, { model, messages, tools: FILE_TOOLS }, task.signal, task.usage);
      messages.push({
        role: 'assistant',
        content: reply.message.content,
        ...(reply.message.tool_calls.length > 0 ? { tool_calls: reply.message.tool_calls } : {}),
      });
      if (reply.message.tool_calls.length === 0) {
        const summary = reply.message.content?.trim();
        if (!summary) throw new ProviderError('malformed sub-agent reply: no summary and no tool call');
        return { summary, files };
      }
      for (const call of reply.message.tool_calls) {
        const content = await runFileTool(task.workDir, call.function.name, parseArguments(call), files);
        messages.push({ role: 'tool', tool_call_id: call.id, content });
      }
    }
    throw new ProviderError(`the sub-agent did not finish within ${this.settings.maxToolRounds} tool rounds`);
  }

  async choose(request: ChoiceRequest): Promise<ChoiceResult> {
    const model = this.modelFor(request.llm);
    const prompt = choicePrompt(request);
    const reply = await chatCompletion(
      this.clientFor(request.llm),
      {
        model,
        messages: [
          { role: 'system', content: prompt.system },
          { role: 'user', content: prompt.user },
        ],
        tools: [CHOOSE_TOOL],
      },
      request.signal,
      request.usage,
    );
    const call = reply.message.tool_calls.find((c) => c.function.name === CHOOSE_TOOL.function.name);
    if (call) {
      const args = parseArguments(call);
      if (typeof args['option_id'] !== 'string') throw new ProviderError('malformed choose_option call: option_id is not text');
      return { id: args['option_id'], reasoning: typeof args['reasoning'] === 'string' ? args['reasoning'] : '' };
    }
    const text = reply.message.content?.trim() ?? '';
    const match = request.options.find((o) => text === o.id || text.startsWith(`${o.id}\n`) || text.startsWith(`${o.id} `));
    if (match) return { id: match.id, reasoning: text };
    throw new ProviderError('malformed choice reply: no choose_option call and no option id');
  }
}

async function runFileTool(workDir: string, name: string, args: Record<string, unknown>, written: string[]): Promise<string> {
  // Checked through symlinks too: the model may only touch files really inside the run's folder.
  const resolved = typeof args['path'] === 'string' ? await executionFilePath(workDir, args['path']) : undefined;
  if (!resolved?.ok) {
    return JSON.stringify({ error: `path must be a relative path inside the working folder${resolved ? `: ${resolved.reason}` : ''}` });
  }
  const { path } = resolved;
  if (name === 'write_file') {
    if (typeof args['content'] !== 'string') return JSON.stringify({ error: 'content must be text' });
    await writeExecutionFile(path, args['content']);
    written.push(String(args['path']));
    return JSON.stringify({ ok: true });
  }
  if (name === 'read_file') {
    try {
      return JSON.stringify({ content: (await readFile(path, 'utf8')).slice(0, 100_000) });
    } catch {
      return JSON.stringify({ error: 'no such file' });
    }
  }
  return JSON.stringify({ error: `unknown tool ${name}` });
}

function responseInText(content: string | null): Record<string, unknown> | undefined {
  if (!content) return undefined;
  const stripped = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/```$/, '')
    .trim();
  try {
    const value: unknown = JSON.parse(stripped);
    return typeof value === 'object' && value !== null && !Array.isArray(value) && 'next_action' in value ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
