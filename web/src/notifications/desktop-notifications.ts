import type { PageAttention } from './page-attention';

/**
 * Desktop notifications (the browser's Notification API), opt-in: the user turns them on (the
 * bell, desktop-notifications-toggle.tsx), the browser asks for its permission on that click, and
 * the choice is kept in this browser (localStorage: it is about this person's screen, not the
 * workspace). They are shown only while the page is out of sight: a visible page has its toasts.
 */
export const DESKTOP_NOTIFICATIONS_KEY = 'planvas:desktop-notifications';

/** The part of `window.Notification` used here (tests pass a double). */
export type NotificationApi = {
  readonly permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  new (title: string, options?: NotificationOptions): Pick<Notification, 'close' | 'onclick'>;
};

export type PreferenceStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's Notification API, or null where there is none (some mobile browsers, insecure origins, test DOMs). */
export function browserNotificationApi(): NotificationApi | null {
  return typeof window !== 'undefined' && typeof window.Notification === 'function' ? window.Notification : null;
}

export function browserPreferenceStorage(): PreferenceStorage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** Whether the user turned desktop notifications on in this browser. */
export function desktopNotificationsWanted(storage: PreferenceStorage | null): boolean {
  try {
    return storage?.getItem(DESKTOP_NOTIFICATIONS_KEY) === 'on';
  } catch {
    return false;
  }
}

export function setDesktopNotificationsWanted(storage: PreferenceStorage | null, on: boolean): void {
  try {
    if (on) storage?.setItem(DESKTOP_NOTIFICATIONS_KEY, 'on');
    else storage?.removeItem(DESKTOP_NOTIFICATIONS_KEY);
  } catch {
    // Storage full or disabled: the setting lasts for this page only (the toggle's own state).
  }
}

export type DesktopMessage = { title: string; body: string; /** One notification per run: a newer one replaces it. */ tag: string; onClick?: () => void };

export type DesktopNotifierDeps = { api: NotificationApi | null; storage: PreferenceStorage | null; attention: PageAttention };

/**
 * Shows `message` as a desktop notification when the user wants them, the browser allows them
 * and the page is out of sight; returns whether it did. A click brings the tab forward and does
 * what the message's toast action would.
 */
export function showDesktopNotification(message: DesktopMessage, { api, storage, attention }: DesktopNotifierDeps): boolean {
  if (!api || api.permission !== 'granted' || !desktopNotificationsWanted(storage) || attention.attended()) return false;
  try {
    const notification = new api(message.title, { body: message.body, tag: message.tag });
    notification.onclick = () => {
      window.focus();
      message.onClick?.();
      notification.close();
    };
    return true;
  } catch {
    // Some browsers allow notifications only from a service worker (Chrome on Android): no desktop notice then.
    return false;
  }
}
