import { Button, Container, Group, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useLocation, useParams } from 'react-router';
import { IdSchema } from '@hubbub/contract';
import { useSessionUser } from '@/lib/session';
import { hasCode } from '@/lib/api';
import { loginPathFor } from '@/app/guards/access';
import { ErrorPanel } from '@/components/error-panel';
import { PageLoader } from '@/components/page-loader';
import { NotFoundPanel } from '@/components/not-found-panel';
import { usePerson } from '@/features/users/api/get-person';
import { PersonProfile } from '@/features/users/components/person-profile';
import { ReportButton } from '@/features/moderation/components/report-button';

function PersonContent({ id }: { id: string }) {
  const user = useSessionUser();
  const location = useLocation();
  const person = usePerson(id);
  useDocumentTitle(person.data ? `${person.data.name} · Hubbub` : 'Person · Hubbub');

  if (person.isPending) return <PageLoader label="Loading profile" />;
  if (person.isError) {
    if (hasCode(person.error, 'not_found')) {
      return <NotFoundPanel title="Person not found" message="This person does not exist or has left Hubbub." />;
    }
    return <ErrorPanel error={person.error} title="Could not load this person" onRetry={() => void person.refetch()} />;
  }
  return (
    <>
      <PersonProfile person={person.data} signedIn={Boolean(user)} loginPath={loginPathFor(location)} />
      {user && user.id !== id && (
        <Group justify="flex-end">
          <ReportButton targetType="user" targetId={id} compact />
        </Group>
      )}
    </>
  );
}

export default function PersonRoute() {
  const { id = '' } = useParams();
  const valid = IdSchema.safeParse(id).success;
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        {valid ? (
          <PersonContent key={id} id={id} />
        ) : (
          <NotFoundPanel title="Person not found" message="This link does not point to a person." />
        )}
        <Button component={Link} to="/dashboard" variant="subtle" w="fit-content">
          Back to the dashboard
        </Button>
      </Stack>
    </Container>
  );
}
