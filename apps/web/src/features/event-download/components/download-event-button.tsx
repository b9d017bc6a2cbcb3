import { Anchor, Button, Popover, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ADD_ON_DOWNLOAD_HTML, addOnsFromClaims } from '@hubbub/contract';
import { hasCode } from '@/lib/api';
import { useSessionUser } from '@/lib/session';
import { notify, notifyProblem } from '@/lib/ui';
import { useDownloadEvent } from '../api/download-event';

function HowToGetIt() {
  return (
    <Stack gap={6} maw={280}>
      <Text size="sm" fw={600}>
        Download as HTML is an add-on
      </Text>
      <Text size="sm">It saves the event, its map, thumbnail, flyers and timeline as one file you can open offline.</Text>
      <Anchor component={Link} to="/account/subscription" size="sm">
        Add it on your Subscription page
      </Anchor>
    </Stack>
  );
}

/** For signed-in people: the download with the add-on, and how to get it without (the token says which; the server decides). */
export function DownloadEventButton({ event }: { event: { id: string; name: string } }) {
  const user = useSessionUser();
  const download = useDownloadEvent();
  if (!user) return null;
  const has = addOnsFromClaims(user.claims).includes(ADD_ON_DOWNLOAD_HTML);
  const button = (onClick?: () => void) => (
    <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={download.isPending} onClick={onClick} data-testid="download-event">
      Download as HTML
    </Button>
  );
  if (!has) {
    return (
      <Popover width={300} position="bottom-end" withArrow shadow="md">
        <Popover.Target>{button()}</Popover.Target>
        <Popover.Dropdown data-testid="download-needs-add-on">
          <HowToGetIt />
        </Popover.Dropdown>
      </Popover>
    );
  }
  return button(() =>
    download.mutate(event, {
      onSuccess: (name) => notify.success(`Saved “${name}”.`),
      onError: (error) => {
        if (hasCode(error, 'add_on_required')) notify.error(error.detail ?? 'Downloading as HTML needs the Download.HTML add-on.');
        else notifyProblem(error, 'The event could not be downloaded');
      },
    }),
  );
}
