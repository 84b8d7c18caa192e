import { Box, Flex, Separator, Stack, Switch, Text } from '@chakra-ui/react';
import { Bell } from 'lucide-react';
import { useNotificationPreferences, type NotificationPreferences } from '../preferences';

import { SettingsCard } from './settings-card';

const NOTIFICATION_OPTIONS: { key: keyof NotificationPreferences; label: string; description: string }[] = [
  { key: 'email', label: 'Email notifications', description: 'Receive updates about your deals by e-mail.' },
  { key: 'fileUploads', label: 'File uploads', description: 'When files are uploaded to a deal you belong to.' },
  { key: 'checklistUpdates', label: 'Checklist updates', description: 'When checklist items change status or are approved.' },
  { key: 'userInvitations', label: 'User invitations', description: 'When you are invited to a deal.' },
];

export function NotificationsCard() {
  const { preferences, setPreference } = useNotificationPreferences();
  return (
    <SettingsCard icon={Bell} title="Notification Preferences" description="Saved in this browser on this device.">
      <Stack gap="0" separator={<Separator />}>
        {NOTIFICATION_OPTIONS.map((option) => (
          <Flex key={option.key} justify="space-between" align="center" gap="6" py="3" _first={{ pt: 0 }} _last={{ pb: 0 }}>
            <Box>
              <Text textStyle="sm" fontWeight="medium" id={`pref-${option.key}`}>
                {option.label}
              </Text>
              <Text textStyle="xs" color="fg.muted">
                {option.description}
              </Text>
            </Box>
            <Switch.Root
              colorPalette="brand"
              checked={preferences[option.key]}
              onCheckedChange={(details) => setPreference(option.key, details.checked)}
              aria-labelledby={`pref-${option.key}`}
              name={option.key}
            >
              <Switch.HiddenInput aria-label={option.label} />
              <Switch.Control>
                <Switch.Thumb />
              </Switch.Control>
            </Switch.Root>
          </Flex>
        ))}
      </Stack>
    </SettingsCard>
  );
}
