import { useState, type ReactNode } from 'react';
import { Box, Button, Group, Paper, ScrollArea, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconLayoutSidebarRightCollapse, IconList } from '@tabler/icons-react';
import classes from './search-layout.module.css';

interface SearchLayoutProps {
  controls: ReactNode;
  map: ReactNode;
  list: ReactNode;
  /** "123 events in view": heads the list and labels the toggles. */
  summary: string;
  busy?: boolean;
  /** Changes each time the page shows something on the map: the phone sheet then gets out of the way. */
  mapRequest?: number;
  /** The side list was folded away (it gets no mouseleave then). */
  onListHidden?: () => void;
}

/**
 * Controls on top and the map below. On wider screens the list is a collapsible panel on the
 * right, beside the map, so the map's box matches what is visible; on a phone it is a bottom
 * sheet over the map.
 */
export function SearchLayout({ controls, map, list, summary, busy = false, mapRequest = 0, onListHidden }: SearchLayoutProps) {
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const [listOpen, listToggle] = useDisclosure(true);
  const [sheetOpen, sheetToggle] = useDisclosure(false);
  const [seenRequest, setSeenRequest] = useState(mapRequest);
  if (seenRequest !== mapRequest) {
    setSeenRequest(mapRequest);
    sheetToggle.close();
  }
  // The toggle that was pressed disappears; keyboard focus moves to its counterpart.
  const moveFocus = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

  const heading = (
    <Text component="h2" fw={600} size="sm" aria-live="polite" data-testid="results-summary" m={0} className={classes.summary}>
      {summary}
      {busy && (
        <Text span c="dimmed" size="xs" ml={6}>
          updating…
        </Text>
      )}
    </Text>
  );

  return (
    <div className={classes.page}>
      <div className={classes.controls}>{controls}</div>
      {phone ? (
        <div className={classes.body}>
          <div className={classes.mapWithSheet}>{map}</div>
          <Paper
            component="section"
            aria-label="Events in view"
            data-testid="results-panel"
            className={classes.sheet}
            data-open={sheetOpen || undefined}
            shadow="md"
          >
            <Group justify="space-between" wrap="nowrap" px="sm" className={classes.sheetBar}>
              {heading}
              <Button
                size="compact-sm"
                variant="light"
                style={{ flex: 'none' }}
                onClick={sheetToggle.toggle}
                aria-expanded={sheetOpen}
                rightSection={sheetOpen ? <IconChevronDown size={14} aria-hidden /> : <IconChevronUp size={14} aria-hidden />}
              >
                {sheetOpen ? 'Show map' : 'Show list'}
              </Button>
            </Group>
            {sheetOpen && (
              <ScrollArea id="results-list" className={classes.sheetList}>
                {list}
              </ScrollArea>
            )}
          </Paper>
        </div>
      ) : (
        <div className={classes.body}>
          <div className={classes.map}>
            {map}
            {!listOpen && (
              <Button
                className={classes.showList}
                leftSection={<IconList size={16} aria-hidden />}
                id="show-list"
                onClick={() => {
                  listToggle.open();
                  moveFocus('hide-list');
                }}
                aria-expanded={false}
                size="sm"
                variant="white"
              >
                Show list · {summary}
              </Button>
            )}
          </div>
          {listOpen && (
            <Box component="aside" id="results-panel" aria-label="Events in view" data-testid="results-panel" className={classes.aside}>
              <Group justify="space-between" wrap="nowrap" px="sm" py={8} className={classes.asideBar}>
                {heading}
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="gray"
                  style={{ flex: 'none' }}
                  id="hide-list"
                  onClick={() => {
                    listToggle.close();
                    onListHidden?.();
                    moveFocus('show-list');
                  }}
                  aria-expanded
                  leftSection={<IconLayoutSidebarRightCollapse size={16} aria-hidden />}
                >
                  Hide list
                </Button>
              </Group>
              <ScrollArea className={classes.asideList}>{list}</ScrollArea>
            </Box>
          )}
        </div>
      )}
    </div>
  );
}
