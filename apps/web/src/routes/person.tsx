import { Button, Container, Group, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { Link, useLocation, useParams } from 'react-router';
import { IdSchema } from '@hubbub/contract';
import { useSessionUser } from '@/lib/session';
import { loginPathFor } from '@/app/guards/access';
import { PageLoader } from '@/components/page-loader';
import { NotFoundPanel } from '@/components/not-found-panel';
import { QueryState } from '@/components/query-state';
import { usePerson } from '@/features/users/api/get-person';
import { PersonProfile } from '@/features/users/components/person-profile';
import { PersonEvents } from '@/features/users/components/person-events';
import { ReportButton } from '@/features/moderation/components/report-button';
import { PersonHandle } from '@/features/federation/components/person-handle';

function PersonContent({ id }: { id: string }) {
  const user = useSessionUser();
  const location = useLocation();
  const person = usePerson(id);
  useDocumentTitle(person.data ? `${person.data.name} · Hubbub` : 'Person · Hubbub');

  return (
    <QueryState
      query={person}
      loading={<PageLoader label="Loading profile" />}
      errorTitle="Could not load this person"
      notFound={<NotFoundPanel title="Person not found" message="This person does not exist or has left Hubbub." />}
    >
      {(data) => (
        <>
          <PersonProfile person={data} signedIn={Boolean(user)} loginPath={loginPathFor(location)} />
          <PersonHandle personId={id} />
          <PersonEvents personId={id} signedIn={Boolean(user)} />
          {user && user.id !== id && (
            <Group justify="flex-end">
              <ReportButton targetType="user" targetId={id} compact />
            </Group>
          )}
        </>
      )}
    </QueryState>
  );
}

export default function PersonRoute() {
  const { id = '' } = useParams();
  const signedIn = Boolean(useSessionUser());
  const valid = IdSchema.safeParse(id).success;
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        {/* A visitor's way on is what is on; a signed-in person's, their home. Above the profile, so
            it stays put while the profile and its events come in. */}
        {signedIn ? (
          <Button component={Link} to="/dashboard" variant="subtle" w="fit-content" leftSection={<IconArrowLeft size={16} aria-hidden />}>
            Back to your home
          </Button>
        ) : (
          <Button component={Link} to="/search" variant="subtle" w="fit-content" leftSection={<IconSearch size={16} aria-hidden />}>
            Find events
          </Button>
        )}
        {valid ? (
          <PersonContent key={id} id={id} />
        ) : (
          <NotFoundPanel title="Person not found" message="This link does not point to a person." />
        )}
      </Stack>
    </Container>
  );
}
