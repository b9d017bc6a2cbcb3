import { useState } from 'react';
import { Alert, Button, Group, List, Modal, PasswordInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { notify } from '@/lib/ui';
import { useDeleteAccount } from '../api/delete-account';
import { deleteAccountFailure, type DeleteFailure } from '../delete-error';

/**
 * Confirms with the password. Accounts made with Google or Microsoft may have none, which the page
 * cannot know: the switch lets those confirm by typing their email instead.
 */
export function DeleteAccountDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [external, setExternal] = useState(false);
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState<DeleteFailure | null>(null);
  const field = external ? 'email' : 'password';
  const value = external ? email.trim() : password;
  const close = () => !remove.isPending && onClose();

  const submit = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync(external ? { email: value } : { password: value });
      notify.success('Your account is deleted. Goodbye!');
      onClose();
      await navigate('/', { replace: true });
    } catch (error) {
      setFailure(deleteAccountFailure(error, field));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Delete your account" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (value) void submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">These are removed for good:</Text>
          <List size="sm" spacing={2}>
            <List.Item>your events and their flyers</List.Item>
            <List.Item>your documents and the files you uploaded</List.Item>
            <List.Item>your account and every session: you are signed out everywhere</List.Item>
          </List>
          <Text size="sm">Want a copy first? Close this and use Download my data.</Text>
          {external ? (
            <TextInput
              label="Your email address"
              description="Type the email address of this account to confirm."
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={failure?.field === 'email' ? failure.message : undefined}
              data-autofocus
              required
            />
          ) : (
            <PasswordInput
              label="Password"
              description="Enter your password to confirm."
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={failure?.field === 'password' ? failure.message : undefined}
              data-autofocus
              required
            />
          )}
          <Switch
            label="I sign in with Google or Microsoft"
            description="No password? Confirm by typing your email address instead."
            checked={external}
            onChange={(e) => {
              setExternal(e.currentTarget.checked);
              setFailure(null);
            }}
          />
          {failure && !failure.field && (
            <Alert color="red" role="alert">
              {failure.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={!value} loading={remove.isPending}>
              Delete my account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
