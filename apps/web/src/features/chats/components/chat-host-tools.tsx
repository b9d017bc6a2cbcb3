import { Group, Select, Switch } from '@mantine/core';
import { CHAT_SLOW_MODE_SECONDS, type ChatSettings, type ChatSettingsUpdate } from '@hubbub/contract';

const slowLabel = (s: number) => (s === 0 ? 'Slow mode off' : s < 60 ? `One message per ${s} s` : `One message per ${s / 60} min`);
const SLOW_OPTIONS = CHAT_SLOW_MODE_SECONDS.map((s) => ({ value: String(s), label: slowLabel(s) }));

/** The host's rules for the room: how often each person may write, and whether only members may. */
export function ChatHostTools({ settings, pending, onChange }: { settings: ChatSettings; pending: boolean; onChange: (next: ChatSettingsUpdate) => void }) {
  return (
    <Group gap="sm" wrap="wrap" data-testid="chat-host-tools">
      <Select
        size="xs"
        aria-label="Slow mode"
        data={SLOW_OPTIONS}
        value={String(settings.slowModeSeconds)}
        allowDeselect={false}
        disabled={pending}
        onChange={(value) => value !== null && onChange({ slowModeSeconds: Number(value), membersOnly: settings.membersOnly })}
        w={190}
      />
      <Switch
        size="sm"
        label="Members only"
        description="Followers and attendees can write"
        checked={settings.membersOnly}
        disabled={pending}
        onChange={(e) => onChange({ slowModeSeconds: settings.slowModeSeconds, membersOnly: e.currentTarget.checked })}
      />
    </Group>
  );
}
