import { Button, Container, SimpleGrid, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { IdSchema } from '@hubbub/contract';
import { NotFoundPanel } from '@/components/not-found-panel';
import { PageLoader } from '@/components/page-loader';
import { QueryState } from '@/components/query-state';
import { adminTabPath } from '@/features/moderation/admin-tabs';
import { useAdminPerson } from '@/features/moderation/api/person';
import { PersonDangerZone } from '@/features/moderation/components/person-danger-zone';
import { PersonEventsSection } from '@/features/moderation/components/person-events';
import { PersonHeader } from '@/features/moderation/components/person-header';
import { PersonPlanSection } from '@/features/moderation/components/person-plan';
import { PersonReportsSection } from '@/features/moderation/components/person-reports';
import { PersonRolesSection } from '@/features/moderation/components/person-roles';
import { PersonSignInSection } from '@/features/moderation/components/person-sign-in';

const PEOPLE = adminTabPath('people');

function AdminPersonContent({ id }: { id: string }) {
  const navigate = useNavigate();
  const person = useAdminPerson(id);
  useDocumentTitle(`${person.data?.name ?? 'Person'} · Administration · Hubbub`);
  return (
    <QueryState
      query={person}
      loading={<PageLoader label="Loading the account" />}
      errorTitle="The account could not be loaded"
      notFound={<NotFoundPanel title="No such account" message="This account does not exist or was deleted." />}
    >
      {(p) => (
        <Stack gap="md" data-testid="admin-person" data-person-id={p.id}>
          <PersonHeader person={p} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <PersonPlanSection person={p} />
            <PersonRolesSection person={p} />
          </SimpleGrid>
          <PersonReportsSection person={p} />
          <PersonEventsSection person={p} />
          <PersonSignInSection person={p} />
          <PersonDangerZone person={p} onDeleted={() => void navigate(PEOPLE, { replace: true })} />
        </Stack>
      )}
    </QueryState>
  );
}

/** One account as the operators see it, with every action on it. */
export default function AdminPersonRoute() {
  const { id = '' } = useParams();
  const valid = IdSchema.safeParse(id).success;
  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Button component={Link} to={PEOPLE} variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} w="fit-content">
          Back to people
        </Button>
        {valid ? <AdminPersonContent key={id} id={id} /> : <NotFoundPanel title="No such account" message="This link does not point to an account." />}
      </Stack>
    </Container>
  );
}
