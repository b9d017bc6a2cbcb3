import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A failure that ends a flow (a sign-in that did not finish), with the one sensible way on. */
export function ProblemWithWayBack({ title, message, back }: { title: string; message: string; back: { to: string; label: string } }) {
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" title={title}>
        <Text size="sm">{message}</Text>
      </Alert>
      <Button component={Link} to={back.to} replace fullWidth>
        {back.label}
      </Button>
    </Stack>
  );
}
