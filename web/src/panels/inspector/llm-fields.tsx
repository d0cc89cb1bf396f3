import { useId } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { llmIsSet, llmLabel, type LlmChoice, type LlmConfig } from '@planvas/shared';
import { useAppStoreApi } from '../../store/store-context';

/** Providers seen in real step configs (docs/formats.md "step_config.json"); any other name may be typed. */
export const KNOWN_PROVIDERS = ['openai', 'anthropic', 'vertex', 'bedrock', 'openrouter', 'azure', 'claude-code', 'codex-cli', 'gemini-cli'];

/**
 * Provider + model (+ fallbacks) of one LLM field. Clearing provider and model (with no fallbacks)
 * removes the field, so the resolution chain falls back to the preset / default again.
 */
export function LlmFields({
  label,
  value,
  onChange,
  testPrefix,
}: {
  label: string;
  value: LlmConfig | null | undefined;
  onChange(next: LlmConfig | undefined, coalesce?: string): void;
  testPrefix?: string;
}) {
  const store = useAppStoreApi();
  const listId = useId();
  const fallbacks = value?.fallbacks ?? [];
  const write = (patch: Partial<LlmConfig>, coalesce?: string) => {
    const next: LlmConfig = { ...(value ?? {}), provider: value?.provider ?? '', model_id: value?.model_id ?? '', ...patch };
    // A published LLM or a connection still names an LLM when provider and model are cleared.
    const blank = (value: string | null | undefined) => (value ?? '').trim() === '';
    const empty =
      blank(next.provider) && blank(next.model_id) && blank(next.published_llm_id) && blank(next.connection_id) && (next.fallbacks?.length ?? 0) === 0;
    onChange(empty ? undefined : next, coalesce);
  };
  const setFallback = (index: number, patch: Partial<LlmChoice>, coalesce: string) =>
    write({ fallbacks: fallbacks.map((f, i) => (i === index ? { ...f, ...patch } : f)) }, `fallback:${index}:${coalesce}`);
  const seal = () => store.getState().sealHistory();
  return (
    <fieldset className="pv-llm" data-testid={testPrefix}>
      <legend>{label}</legend>
      <datalist id={listId}>
        {KNOWN_PROVIDERS.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      <div className="pv-llm__row">
        <LlmInput
          caption="Provider"
          label={`${label} provider`}
          placeholder="provider"
          list={listId}
          value={value?.provider ?? ''}
          onChange={(provider) => write({ provider }, 'provider')}
          onBlur={seal}
        />
        <LlmInput
          caption="Model"
          label={`${label} model`}
          placeholder="model id"
          value={value?.model_id ?? ''}
          onChange={(model_id) => write({ model_id }, 'model')}
          onBlur={seal}
        />
      </div>
      {fallbacks.map((f, i) => (
        <div className="pv-llm__row pv-llm__row--fallback" key={i}>
          <LlmInput
            label={`${label} fallback ${i + 1} provider`}
            placeholder="provider"
            list={listId}
            value={f.provider ?? ''}
            onChange={(provider) => setFallback(i, { provider }, 'provider')}
            onBlur={seal}
          />
          <LlmInput
            label={`${label} fallback ${i + 1} model`}
            placeholder="model id"
            value={f.model_id ?? ''}
            onChange={(model_id) => setFallback(i, { model_id }, 'model')}
            onBlur={seal}
          />
          <button
            type="button"
            className="pv-icon-button pv-icon-button--small pv-danger"
            aria-label={`Remove ${label} fallback ${i + 1}`}
            onClick={() => write({ fallbacks: fallbacks.filter((_, j) => j !== i) })}
          >
            <Trash2 size={13} />
          </button>
        </div>
      ))}
      <button type="button" className="pv-link" onClick={() => write({ fallbacks: [...fallbacks, { provider: '', model_id: '' }] })}>
        <Plus size={12} aria-hidden /> Add fallback
      </button>
    </fieldset>
  );
}

function LlmInput({
  label,
  caption,
  value,
  onChange,
  onBlur,
  placeholder,
  list,
}: {
  label: string;
  caption?: string;
  value: string;
  onChange(v: string): void;
  onBlur(): void;
  placeholder: string;
  list?: string;
}) {
  const id = useId();
  return (
    <div className="pv-llm__cell">
      {/* The short caption is what a sighted user reads; the input's name says which LLM field. */}
      <span className="pv-llm__caption" aria-hidden>
        {caption}
      </span>
      <input
        id={id}
        type="text"
        className="pv-input"
        value={value}
        placeholder={placeholder}
        list={list}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        aria-label={label}
      />
    </div>
  );
}

/** The LLM chain's wording: `openai / gpt-4o`, a published LLM by its id, a connection by its id. */
export function describeLlm(llm: LlmChoice | null | undefined): string {
  if (!llm) return 'not set';
  if (!llmIsSet(llm) || (llm.published_llm_id ?? '') !== '' || ((llm.provider ?? '') === '' && (llm.connection_id ?? '') !== '')) return llmLabel(llm);
  return `${llm.provider || '?'} / ${llm.model_id || '?'}`;
}
