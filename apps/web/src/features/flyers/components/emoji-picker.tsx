import { useDeferredValue, useMemo, useState } from 'react';
import { Box, ScrollArea, SimpleGrid, Tabs, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { EMOJI_GROUPS, searchEmoji, type EmojiEntry, type EmojiGroup } from '@hubbub/contract/catalogues';
import classes from './designer.module.css';

const ALL = 'all';
/** Enough to browse without painting a few thousand buttons. */
const LIMIT = 96;

const groupLabel = (group: string) => {
  const text = group.replace(/^extras-/, 'extras ').replace(/-/g, ' & ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** Pick a sticker: tabs for the catalogue's groups, search by name; each emoji is a button named after it. */
export function EmojiPicker({ onPick }: { onPick: (entry: EmojiEntry) => void }) {
  const [query, setQuery] = useState('');
  const [group, setGroup] = useState<string>(ALL);
  const deferred = useDeferredValue(query);
  const results = useMemo(
    () => searchEmoji(deferred, { group: group === ALL ? undefined : (group as EmojiGroup), limit: LIMIT }),
    [deferred, group],
  );

  return (
    <Box>
      <TextInput
        label="Search emoji"
        placeholder="e.g. party, cat, music"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        mb="xs"
        data-autofocus
      />
      <Tabs value={group} onChange={(v) => setGroup(v ?? ALL)} variant="pills" radius="xl" keepMounted={false}>
        <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x">
          <Tabs.List className={classes.groupTabs} aria-label="Emoji groups">
            <Tabs.Tab value={ALL}>All</Tabs.Tab>
            {EMOJI_GROUPS.map((g) => (
              <Tabs.Tab key={g} value={g}>
                {groupLabel(g)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
      </Tabs>
      <Text size="xs" c="dimmed" my={6} aria-live="polite">
        {results.length === 0 ? 'No emoji has that name.' : results.length === LIMIT ? `The first ${LIMIT}; search to narrow down.` : `${results.length} found`}
      </Text>
      <ScrollArea.Autosize mah={240} type="auto">
        <SimpleGrid cols={{ base: 6, xs: 8 }} spacing={4} verticalSpacing={4} role="group" aria-label="Emoji" data-testid="emoji-grid">
          {results.map((e) => (
            <UnstyledButton key={`${e.group}:${e.name}`} className={classes.emojiButton} aria-label={e.name} title={e.name.replace(/-/g, ' ')} onClick={() => onPick(e)}>
              <span aria-hidden>{e.emoji}</span>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </ScrollArea.Autosize>
    </Box>
  );
}
