import { useEffect, useState } from 'react';
import type { LlmConfig, WorkspaceSettings } from '@planvas/shared';
import { useApi } from '../../api/api-context';
import { Dialog } from '../../ui/dialog';
import { useAppStore, useAppStoreApi } from '../../store/store-context';
import { ErrorDetails } from '../../forms/fields';
import { LlmFields } from '../inspector/llm-fields';
import { PricingSection } from './pricing-section';
import { ApiError } from '../../api/api-error';
import type { ErrorDetail } from '@planvas/shared';

/**
 * The workspace's preset execution LLM and default LLM: where the resolution chain goes when a
 * step sets no LLM of its own (docs/formats.md "LLM selection priority"), and the model prices
 * that turn runs' tokens into cost. Saved with PUT /api/settings.
 */
export function SettingsDialog() {
  const store = useAppStoreApi();
  const api = useApi();
  const open = useAppStore((s) => s.overlay === 'settings');
  const current = useAppStore((s) => s.workspaceSettings);
  const [draft, setDraft] = useState<WorkspaceSettings>(current);
  const [error, setError] = useState<{ message: string; details: ErrorDetail[] } | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) {
      setDraft(current);
      setError(null);
    }
  }, [open, current]);
  if (!open) return null;
  const close = () => store.getState().closeOverlay('settings');
  const save = async () => {
    setSaving(true);
    try {
      const saved = await api.saveSettings(withoutEmpty(draft));
      store.getState().setWorkspaceSettings(saved);
      store.getState().toast({ tone: 'success', message: 'Workspace settings saved' });
      close();
    } catch (e) {
      setError({ message: e instanceof Error ? e.message : String(e), details: e instanceof ApiError ? e.details : [] });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog
      title="Workspace settings"
      subtitle="Used by every step that sets no LLM of its own: its execution LLM, else the preset, else the default."
      onClose={close}
      testId="settings-dialog"
      actions={
        <>
          <button type="button" className="pv-button pv-button--primary" onClick={() => void save()} disabled={saving}>
            Save settings
          </button>
        </>
      }
    >
      <LlmFields
        label="Preset execution LLM"
        value={draft.presetExecutionLlm}
        onChange={(presetExecutionLlm) => setDraft({ ...draft, presetExecutionLlm: settingsLlm(presetExecutionLlm) })}
      />
      <LlmFields label="Default LLM" value={draft.defaultLlm} onChange={(defaultLlm) => setDraft({ ...draft, defaultLlm: settingsLlm(defaultLlm) })} />
      <PricingSection value={draft.pricing ?? []} onChange={(pricing) => setDraft({ ...draft, pricing })} details={error?.details ?? []} />
      {error && <ErrorDetails title={`Not saved: ${error.message}`} details={error.details} />}
    </Dialog>
  );
}

/** planvas' own LLMs always name a provider and a model (the server says which one is missing). */
function settingsLlm(llm: LlmConfig | undefined): WorkspaceSettings['defaultLlm'] {
  return llm ? { ...llm, provider: llm.provider ?? '', model_id: llm.model_id ?? '' } : null;
}

/** Cleared LLMs are sent as absent rather than as empty strings. */
function withoutEmpty(settings: WorkspaceSettings): WorkspaceSettings {
  const out: WorkspaceSettings = {};
  if (settings.presetExecutionLlm) out.presetExecutionLlm = settings.presetExecutionLlm;
  if (settings.defaultLlm) out.defaultLlm = settings.defaultLlm;
  // Kept as it is (an emptied list included): the save replaces the whole settings.
  if (settings.pricing) out.pricing = settings.pricing;
  return out;
}
