import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../store/app-store';
import { StoreProvider } from '../store/store-context';
import { DESKTOP_NOTIFICATIONS_KEY, type NotificationApi } from './desktop-notifications';
import { DesktopNotificationsToggle } from './desktop-notifications-toggle';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

/** A double of `window.Notification` whose permission prompt answers `answer`. */
function fakeApi(initial: NotificationPermission, answer: NotificationPermission = initial) {
  const api = {
    permission: initial,
    asked: 0,
    requestPermission() {
      api.asked++;
      api.permission = answer;
      return Promise.resolve(answer);
    },
  };
  return api;
}

function renderToggle(api: NotificationApi | null) {
  const store = createAppStore();
  render(
    <StoreProvider store={store}>
      <DesktopNotificationsToggle api={api} storage={window.localStorage} />
    </StoreProvider>,
  );
  return { store, bell: screen.getByTestId('desktop-notifications') };
}

describe('DesktopNotificationsToggle', () => {
  it('off until asked; the click asks the browser, and a yes turns it on and keeps it in this browser', async () => {
    const user = userEvent.setup();
    const api = fakeApi('default', 'granted');
    const { bell } = renderToggle(api as unknown as NotificationApi);
    expect(bell).toHaveAttribute('aria-pressed', 'false');
    expect(bell).toHaveAttribute('data-state', 'off');
    await user.click(bell);
    expect(api.asked).toBe(1);
    expect(bell).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem(DESKTOP_NOTIFICATIONS_KEY)).toBe('on');
    // Off again: no question asked, the choice forgotten.
    await user.click(bell);
    expect(bell).toHaveAttribute('aria-pressed', 'false');
    expect(window.localStorage.getItem(DESKTOP_NOTIFICATIONS_KEY)).toBeNull();
    expect(api.asked).toBe(1);
  });

  it('says so when the browser refuses, and where to change it', async () => {
    const user = userEvent.setup();
    const api = fakeApi('default', 'denied');
    const { bell, store } = renderToggle(api as unknown as NotificationApi);
    await user.click(bell);
    expect(bell).toHaveAttribute('data-state', 'denied');
    expect(bell).toHaveAccessibleName('Desktop notifications (blocked by the browser)');
    expect(bell.title).toMatch(/blocked for this site in the browser's settings/);
    expect(store.getState().toasts.at(-1)?.message).toMatch(/blocked/);
    expect(window.localStorage.getItem(DESKTOP_NOTIFICATIONS_KEY)).toBeNull();
  });

  it('a browser without notifications: the bell is there, disabled, and says why', () => {
    const { bell } = renderToggle(null);
    expect(bell).toBeDisabled();
    expect(bell).toHaveAttribute('data-state', 'unsupported');
    expect(bell).toHaveAccessibleName('Desktop notifications (not available in this browser)');
  });

  it('remembers an earlier yes', () => {
    window.localStorage.setItem(DESKTOP_NOTIFICATIONS_KEY, 'on');
    const { bell } = renderToggle(fakeApi('granted') as unknown as NotificationApi);
    expect(bell).toHaveAttribute('aria-pressed', 'true');
  });
});
