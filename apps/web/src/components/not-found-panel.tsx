import { Text, Title } from '@mantine/core';
import { IconMapPinQuestion } from '@tabler/icons-react';
import { EmptyState } from './empty-state';

export function NotFoundPanel({ title, message }: { title: string; message: string }) {
  return (
    <EmptyState icon={IconMapPinQuestion} color="gray">
      <Title order={1} fz={24}>
        {title}
      </Title>
      <Text c="dimmed">{message}</Text>
    </EmptyState>
  );
}
