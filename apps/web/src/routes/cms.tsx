import { useEffect } from 'react';
import { Alert, Button, Container, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useContainerData } from '@/lib/container/container-data';
import { PageLoader } from '@/components/page-loader';
import { Page } from '@/components/page';

/** Reached by in-app navigation; a direct load of /cms is redirected during boot already. */
export default function CmsRoute() {
  const cmsUrl = useContainerData()?.cmsUrl;

  useEffect(() => {
    if (cmsUrl) window.location.replace(cmsUrl);
  }, [cmsUrl]);

  if (cmsUrl) return <PageLoader label="Opening the content site" />;
  return (
    <Page title="Content site" size="sm">
      <Container px={0}>
        <Stack gap="md">
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} aria-hidden />} title="No content site is configured">
            This Hubbub server has no content-management site set up, so there is nowhere to send you. An administrator can
            configure its address on the server.
          </Alert>
          <Button component={Link} to="/search" w="fit-content">
            Search events instead
          </Button>
        </Stack>
      </Container>
    </Page>
  );
}
