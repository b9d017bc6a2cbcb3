import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Last-resort screen when a route module fails to load or render. */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A new deployment removes old chunks; a reload fetches the new ones.
  const chunkFailed = error instanceof Error && /dynamically imported module|Importing a module script/i.test(error.message);
  if (!notFound) console.error('Route error', error);

  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>{notFound ? 'Page not found' : 'Something went wrong'}</Title>
        <Text c="dimmed">
          {notFound
            ? 'There is nothing at this address.'
            : chunkFailed
              ? 'Part of the app could not be loaded. It may have been updated; reloading usually fixes this.'
              : 'An unexpected error stopped this page. Reloading may help.'}
        </Text>
        <Stack gap="xs" align="center">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button component={Link} to="/dashboard" variant="subtle" reloadDocument>
            Go to the home page
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}
