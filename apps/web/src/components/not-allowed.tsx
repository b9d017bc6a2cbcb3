import { Button, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from './empty-state';
import { Page } from './page';

/** Shown when a signed-in user lacks a role the route needs. */
export function NotAllowed() {
  return (
    <Page title="Not allowed">
      <EmptyState icon={IconLock} color="red">
        <Text>Your account does not have access to this area.</Text>
        <Button component={Link} to="/dashboard" variant="light">
          Back to the dashboard
        </Button>
      </EmptyState>
    </Page>
  );
}
