import type { ReactNode } from 'react';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

/** The narrow centred card every sign-in related screen uses. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  useDocumentTitle(`${title} · Hubbub`);
  return (
    <Container size={460} py={{ base: 'lg', sm: 48 }} px="md">
      <Stack gap={4} mb="lg" ta="center">
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {title}
        </Title>
        {subtitle && <Text c="dimmed">{subtitle}</Text>}
      </Stack>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="lg">
        {children}
      </Paper>
    </Container>
  );
}
