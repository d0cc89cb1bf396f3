import { useEffect, useState } from 'react';
import { Bell, BellOff, BellRing } from 'lucide-react';
import { useAppStoreApi } from '../store/store-context';
import { IconButton } from '../ui/icon-button';
import {
  browserNotificationApi,
  browserPreferenceStorage,
  desktopNotificationsWanted,
  setDesktopNotificationsWanted,
  type NotificationApi,
  type PreferenceStorage,
} from './desktop-notifications';

/** What the bell shows: on, off, blocked by the browser, or not possible in this browser. */
export type DesktopSetting = 'on' | 'off' | 'denied' | 'unsupported';

export function desktopSetting(api: NotificationApi | null, wanted: boolean): DesktopSetting {
  if (!api) return 'unsupported';
  if (api.permission === 'denied') return 'denied';
  return wanted && api.permission === 'granted' ? 'on' : 'off';
}

const TITLES: Record<DesktopSetting, string> = {
  on: 'Desktop notifications on: a run that finishes, fails or asks a question while this tab is out of sight pops up on your desktop. Click to turn off.',
  off: 'Desktop notifications off. Click to be told on your desktop when a run finishes, fails or asks a question while this tab is out of sight.',
  denied: "Desktop notifications are blocked for this site in the browser's settings; allow them there to turn them on.",
  unsupported: 'This browser cannot show desktop notifications here.',
};

const LABELS: Record<DesktopSetting, string> = {
  on: 'Desktop notifications',
  off: 'Desktop notifications',
  denied: 'Desktop notifications (blocked by the browser)',
  unsupported: 'Desktop notifications (not available in this browser)',
};

/**
 * The bell: opts in to desktop notifications. The browser's permission is asked on this click
 * (browsers ignore a request not made from a user's gesture), and the choice stays in this
 * browser. When the browser blocks them, the bell says so and where to change it.
 */
export function DesktopNotificationsToggle({
  api = browserNotificationApi(),
  storage = browserPreferenceStorage(),
}: {
  api?: NotificationApi | null;
  storage?: PreferenceStorage | null;
}) {
  const store = useAppStoreApi();
  const [wanted, setWanted] = useState(() => desktopNotificationsWanted(storage));
  // The permission can change in the browser's settings meanwhile: read again when the page is back.
  const [, setPermission] = useState(api?.permission);
  useEffect(() => {
    if (!api) return;
    const reread = () => setPermission(api.permission);
    window.addEventListener('focus', reread);
    document.addEventListener('visibilitychange', reread);
    return () => {
      window.removeEventListener('focus', reread);
      document.removeEventListener('visibilitychange', reread);
    };
  }, [api]);
  const setting = desktopSetting(api, wanted);

  const choose = (on: boolean) => {
    setDesktopNotificationsWanted(storage, on);
    setWanted(on);
  };
  const toggle = async () => {
    if (!api) return;
    if (setting === 'on') {
      choose(false);
      return;
    }
    if (setting === 'denied') {
      store.getState().toast({ tone: 'info', message: TITLES.denied });
      return;
    }
    const permission = api.permission === 'granted' ? 'granted' : await api.requestPermission();
    setPermission(permission);
    if (permission === 'granted') {
      choose(true);
      store.getState().toast({ tone: 'success', message: 'Desktop notifications on: you will hear of runs while this tab is out of sight' });
    } else {
      choose(false);
      if (permission === 'denied') store.getState().toast({ tone: 'info', message: TITLES.denied });
    }
  };

  const Icon = setting === 'on' ? BellRing : setting === 'off' ? Bell : BellOff;
  return (
    <IconButton
      label={LABELS[setting]}
      title={TITLES[setting]}
      pressed={setting === 'on'}
      className="pv-icon-button--small pv-notify-toggle"
      testId="desktop-notifications"
      data-state={setting}
      disabled={setting === 'unsupported'}
      onClick={() => void toggle()}
    >
      <Icon size={15} aria-hidden />
    </IconButton>
  );
}
