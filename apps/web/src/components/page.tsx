import type { ReactNode } from 'react';
import { Container, Group, Stack, Text, Title, type ContainerProps } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

interface PageProps extends Omit<ContainerProps, 'title'> {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

/** A screen's frame: heading, optional intro and actions; also sets the tab title. */
export function Page({ title, description, actions, children, size = 'md', ...rest }: PageProps) {
  useDocumentTitle(`${title} · Hubbub`);
  return (
    <Container size={size} py="lg" {...rest}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {title}
            </Title>
            {description && (
              <Text c="dimmed" size="md">
                {description}
              </Text>
            )}
          </Stack>
          {actions}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}
