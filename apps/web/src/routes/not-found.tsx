import { Button, Container, Group, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useLocation } from 'react-router';
import { NotFoundPanel } from '@/components/not-found-panel';

export default function NotFoundRoute() {
  const { pathname } = useLocation();
  useDocumentTitle('Page not found · Hubbub');
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <NotFoundPanel title="Page not found" message={`There is nothing at ${pathname}.`} />
        <Group justify="center">
          <Button component={Link} to="/search">
            Search events
          </Button>
          <Button component={Link} to="/dashboard" variant="default">
            Dashboard
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
