import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { WorkspaceSettings } from '@planvas/shared';
import { ApiProvider } from '../../api/api-context';
import { ApiError } from '../../api/api-error';
import type { PlanvasApi } from '../../api/client';
import { createAppStore } from '../../store/app-store';
import { StoreProvider } from '../../store/store-context';
import { rowErrors } from './pricing-section';
import { SettingsDialog } from './settings-dialog';

function renderSettings(settings: WorkspaceSettings, saveSettings: (s: WorkspaceSettings) => Promise<WorkspaceSettings>) {
  const store = createAppStore({ workspaceSettings: settings });
  const api = { saveSettings: vi.fn(saveSettings) } as unknown as PlanvasApi;
  render(
    <StoreProvider store={store}>
      <ApiProvider api={api}>
        <SettingsDialog />
      </ApiProvider>
    </StoreProvider>,
  );
  act(() => store.getState().openOverlay('settings'));
  return { store, saveSettings: api.saveSettings as ReturnType<typeof vi.fn> };
}

const gpt = { provider: 'openai', model: 'gpt-4.1', inputPerMTok: 2, outputPerMTok: 8 };

describe('the Pricing section of the settings', () => {
  it('adds, edits and removes rows, and saves them with the other settings', async () => {
    const { saveSettings, store } = renderSettings({ pricing: [gpt] }, async (s) => s);
    const section = screen.getByTestId('pricing-section');
    expect(within(section).getByRole('textbox', { name: 'Price 1 model' })).toHaveValue('gpt-4.1');
    fireEvent.click(within(section).getByRole('button', { name: 'Add price' }));
    fireEvent.change(within(section).getByRole('textbox', { name: 'Price 2 provider' }), { target: { value: 'anthropic' } });
    fireEvent.change(within(section).getByRole('textbox', { name: 'Price 2 model' }), { target: { value: 'claude' } });
    fireEvent.change(within(section).getByRole('spinbutton', { name: 'Price 2 Input $/MTok' }), { target: { value: '3' } });
    fireEvent.change(within(section).getByRole('spinbutton', { name: 'Price 2 Output $/MTok' }), { target: { value: '15' } });
    fireEvent.change(within(section).getByRole('spinbutton', { name: 'Price 2 Cached input $/MTok' }), { target: { value: '0.3' } });
    fireEvent.click(within(section).getByRole('button', { name: /^Remove price 1/ }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' })));
    const sent = { pricing: [{ provider: 'anthropic', model: 'claude', inputPerMTok: 3, outputPerMTok: 15, cacheReadPerMTok: 0.3 }] };
    expect(saveSettings).toHaveBeenCalledWith(sent);
    expect(store.getState().workspaceSettings).toEqual(sent);
  });

  it('shows the API’s errors on the rows they name', async () => {
    const duplicate = new ApiError(400, 'invalid_settings', 'settings are not valid', [
      { path: '$.pricing[1]', message: 'openai gpt-4.1 already has a price at pricing[0]' },
    ]);
    renderSettings({ pricing: [gpt, gpt] }, async () => {
      throw duplicate;
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' })));
    const rows = screen.getAllByTestId('pricing-row');
    expect(rows[0]).not.toHaveAttribute('data-invalid');
    expect(rows[1]).toHaveAttribute('data-invalid', 'true');
    expect(within(rows[1]!).getByRole('textbox', { name: 'Price 2 model' })).toHaveAccessibleDescription('openai gpt-4.1 already has a price at pricing[0]');
    expect(screen.getAllByTestId('pricing-row-error')).toHaveLength(1);
  });

  it('matches a row’s error paths and no other row’s', () => {
    const details = [
      { path: '$.pricing[1].inputPerMTok', message: 'a' },
      { path: '$.pricing[10]', message: 'b' },
      { path: '$.pricing', message: 'c' },
    ];
    expect(rowErrors(details, 1).map((d) => d.message)).toEqual(['a']);
    expect(rowErrors(details, 10).map((d) => d.message)).toEqual(['b']);
  });
});
