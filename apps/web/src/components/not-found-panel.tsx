import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapPinQuestion } from '@tabler/icons-react';

export function NotFoundPanel({ title, message }: { title: string; message: string }) {
  return (
    <Paper withBorder p="xl" radius="lg">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconMapPinQuestion size={30} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz={24}>
          {title}
        </Title>
        <Text c="dimmed">{message}</Text>
      </Stack>
    </Paper>
  );
}
