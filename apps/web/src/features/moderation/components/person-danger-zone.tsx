import { useState } from 'react';
import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { AdminPerson } from '@hubbub/contract';
import { notify } from '@/lib/ui';
import { useDeletePerson } from '../api/person';
import { emailConfirmed } from '../confirm-email';
import { moderationErrorMessage } from '../moderation-error';
import { Section } from './section';
import { ReasonField } from '@/components/reason-field';

/** Deleting an account cannot be undone, so it is set apart and confirmed by typing the address. */
export function PersonDangerZone({ person, onDeleted }: { person: AdminPerson; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const [serial, setSerial] = useState(0);
  return (
    <Section id="person-danger" title="Danger zone" danger>
      <Text size="sm">Deleting the account removes the person and everything they made. It cannot be undone.</Text>
      <Group>
        <Button
          color="red"
          onClick={() => {
            setSerial((n) => n + 1);
            setOpen(true);
          }}
        >
          Delete account
        </Button>
      </Group>
      <DeleteDialog key={serial} person={person} opened={open} onClose={() => setOpen(false)} onDeleted={onDeleted} />
    </Section>
  );
}

function DeleteDialog({ person, opened, onClose, onDeleted }: { person: AdminPerson; opened: boolean; onClose: () => void; onDeleted: () => void }) {
  const remove = useDeletePerson();
  const [typed, setTyped] = useState('');
  const [reason, setReason] = useState('');
  const ok = emailConfirmed(typed, person.email) && reason.trim().length >= 3;
  const close = () => !remove.isPending && onClose();
  return (
    <Modal opened={opened} onClose={close} title={`Delete the account of ${person.name}`} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!ok) return;
          remove.mutate(
            { id: person.id, reason: reason.trim() },
            {
              onSuccess: () => {
                notify.success(`The account of ${person.name} is deleted.`);
                onClose();
                onDeleted();
              },
            },
          );
        }}
      >
        <Stack gap="md">
          <Text size="sm">These go for good:</Text>
          <List size="sm" spacing={2}>
            <List.Item>the account, its sign-in methods and every session</List.Item>
            <List.Item>their events ({person.events}), with their flyers, documents and uploaded files</List.Item>
          </List>
          <Text size="sm">The audit log keeps a record of the deletion and of earlier actions.</Text>
          <TextInput
            label="Email address of the account"
            description={`Type ${person.email} to confirm.`}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            autoComplete="off"
            data-autofocus
            required
          />
          <ReasonField value={reason} onChange={setReason} />
          {remove.isError && <Alert color="red">{moderationErrorMessage(remove.error)}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={!ok} loading={remove.isPending}>
              Delete account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
