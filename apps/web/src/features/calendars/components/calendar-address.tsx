import { useRef } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import type { Calendar } from '@hubbub/contract';
import { notify } from '@/lib/ui';

/**
 * The feed address, selectable by hand, and a button that copies it. The clipboard is called
 * directly rather than through useClipboard: that hook reports a failure only as state, and the
 * person needs to hear, on this click, whether it worked.
 */
export function CalendarAddress({ calendar }: { calendar: Pick<Calendar, 'id' | 'feedUrl'> }) {
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(calendar.feedUrl);
      notify.success('Address copied. Paste it where your calendar app asks for a calendar from the web.');
    } catch {
      // No clipboard (an insecure page, a refusal): leave the address selected for copying by hand.
      input.current?.focus();
      input.current?.select();
      notify.error('The address could not be copied. It is selected now: copy it with your keyboard or menu.');
    }
  };
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        ref={input}
        label="Calendar address"
        description="Anyone with this address can see the calendar."
        value={calendar.feedUrl}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        style={{ flex: 1, minWidth: 0 }}
        data-testid="calendar-feed-url"
        spellCheck={false}
      />
      <Button variant="light" leftSection={<IconCopy size={16} aria-hidden />} onClick={() => void copy()} style={{ flexShrink: 0 }}>
        Copy address
      </Button>
    </Group>
  );
}
