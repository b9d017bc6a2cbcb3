import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Page } from './page';

/** Shown when a signed-in user lacks a role the route needs. */
export function NotAllowed() {
  return (
    <Page title="Not allowed">
      <Paper withBorder p="xl" radius="lg">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="red">
            <IconLock size={30} aria-hidden />
          </ThemeIcon>
          <Text>Your account does not have access to this area.</Text>
          <Button component={Link} to="/dashboard" variant="light">
            Back to the dashboard
          </Button>
        </Stack>
      </Paper>
    </Page>
  );
}
