import { useCallback, useState } from 'react';

/** Notification preferences, kept on this device only (docs/product.md §3); all default to on. */
export interface NotificationPreferences {
  email: boolean;
  fileUploads: boolean;
  checklistUpdates: boolean;
  userInvitations: boolean;
}

export const PREFERENCES_KEY = 'notification_preferences';

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  email: true,
  fileUploads: true,
  checklistUpdates: true,
  userInvitations: true,
};

export function loadPreferences(): NotificationPreferences {
  try {
    const stored = JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? '{}') as Partial<NotificationPreferences>;
    const result = { ...DEFAULT_PREFERENCES };
    for (const key of Object.keys(DEFAULT_PREFERENCES) as (keyof NotificationPreferences)[]) {
      if (typeof stored[key] === 'boolean') result[key] = stored[key];
    }
    return result;
  } catch {
    return { ...DEFAULT_PREFERENCES };
  }
}

export function useNotificationPreferences() {
  const [preferences, setPreferences] = useState(loadPreferences);
  const setPreference = useCallback((key: keyof NotificationPreferences, value: boolean) => {
    setPreferences((current) => {
      const next = { ...current, [key]: value };
      try {
        localStorage.setItem(PREFERENCES_KEY, JSON.stringify(next));
      } catch {
        /* storage unavailable: the toggle still applies for this visit */
      }
      return next;
    });
  }, []);
  return { preferences, setPreference };
}
