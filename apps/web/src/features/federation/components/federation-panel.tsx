import { useState } from 'react';
import { Alert, Anchor, Badge, Button, CopyButton, Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { formatDateTime, formatNumber, type FederationBlock, type FederationOverview } from '@hubbub/contract';
import { QueryState } from '@/components/query-state';
import { ReasonDialog } from '@/components/reason-dialog';
import { ReasonField } from '@/components/reason-field';
import { DataTable } from '@/components/data-table';
import { notify, problemMessage } from '@/lib/ui';
import { useBlockRemote, useFederationOverview, useLiftBlock } from '../api/federation-overview';
import { FollowingSection } from './following-section';

/** The admins' view of the site in the fediverse: how people follow it, who does, and who is blocked. */
export function FederationPanel() {
  const overview = useFederationOverview();
  return (
    <QueryState query={overview} loading={<Skeleton h={160} radius="md" />} error={(error) => <Alert color="red">{problemMessage(error)}</Alert>}>
      {(data) => (
        <Stack gap="lg">
          <Handle overview={data} />
          <Followers overview={data} />
          <FollowingSection following={data.following} enabled={data.enabled} />
          <Blocks blocks={data.blocks} />
        </Stack>
      )}
    </QueryState>
  );
}

function Handle({ overview }: { overview: FederationOverview }) {
  if (!overview.enabled || !overview.handle) {
    return (
      <Alert color="gray" title="Federation is off on this server" data-testid="federation-off">
        The site&apos;s public events cannot be followed from Mastodon or other fediverse servers yet. The server&apos;s operator turns it on with FEDERATION=true and the
        site&apos;s public https address in PUBLIC_URL (FEDERATION.md). Blocks made here apply once it is on.
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={3} size="h4" id="federation-handle-label">
          Followed from the fediverse as
        </Title>
        <Text size="sm" c="dimmed">
          People on Mastodon and other fediverse servers search for this name and follow it: each public event appears in their timeline, with its changes and
          cancellation.
        </Text>
        <Group gap="xs" wrap="nowrap">
          <TextInput aria-labelledby="federation-handle-label" value={overview.handle} readOnly style={{ flex: 1, minWidth: 0 }} onFocus={(e) => e.currentTarget.select()} data-testid="federation-handle" />
          <CopyButton value={overview.handle}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy} leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />} style={{ flexShrink: 0 }}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Paper>
  );
}

function Followers({ overview }: { overview: FederationOverview }) {
  const { followers, followerCount } = overview;
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Followers on other servers{' '}
        <Badge variant="light" data-testid="federation-follower-count">
          {formatNumber(followerCount)}
        </Badge>
      </Title>
      {followers.length === 0 ? (
        <Text size="sm" c="dimmed">
          No one follows the site from another server yet.
        </Text>
      ) : (
        <DataTable label="Followers on other servers" minWidth={480} testId="federation-followers" columns={[{ label: 'Account' }, { label: 'Following since' }]}>
          {followers.map((f) => (
            <Table.Tr key={f.actor}>
              <Table.Td>
                <Anchor href={f.actor} target="_blank" rel="noopener noreferrer nofollow" size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {f.handle ?? f.actor}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(f.since)}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {followerCount > followers.length && (
        <Text size="xs" c="dimmed">
          The {formatNumber(followers.length)} newest of {formatNumber(followerCount)}.
        </Text>
      )}
    </Stack>
  );
}

function Blocks({ blocks }: { blocks: FederationBlock[] }) {
  const block = useBlockRemote();
  const lift = useLiftBlock();
  const [target, setTarget] = useState('');
  const [reason, setReason] = useState('');
  const [lifting, setLifting] = useState<FederationBlock | null>(null);
  const ok = target.trim().length > 0 && reason.trim().length >= 3;
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Blocked servers and accounts
      </Title>
      <Text size="sm" c="dimmed">
        Nothing is taken from a blocked server or account (follows, reports, replies) and nothing is sent to it; its follows end.
      </Text>
      <Paper withBorder radius="md" p="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!ok) return;
            block.mutate(
              { target: target.trim(), reason: reason.trim() },
              {
                onSuccess: () => {
                  notify.success(`${target.trim()} is blocked.`);
                  setTarget('');
                  setReason('');
                },
              },
            );
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="Server or account"
              description="A server by its address (social.example), or one account by its address (https://social.example/users/someone)."
              value={target}
              onChange={(e) => setTarget(e.currentTarget.value)}
              maxLength={500}
              required
              data-testid="federation-block-target"
            />
            <ReasonField value={reason} onChange={setReason} />
            {block.error && (
              <Alert color="red" data-testid="federation-block-error">
                {problemMessage(block.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" color="red" disabled={!ok} loading={block.isPending}>
                Block
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {blocks.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing is blocked.
        </Text>
      ) : (
        <DataTable label="Blocked servers and accounts" minWidth={480} testId="federation-blocks" columns={[{ label: 'Blocked' }, { label: 'Since' }, { label: 'Actions', hidden: true }]}>
          {blocks.map((b) => (
            <Table.Tr key={b.id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Text size="sm" span fw={500}>
                  {b.target}
                </Text>{' '}
                <Badge variant="light" color="gray" size="sm">
                  {b.kind === 'server' ? 'Server' : 'Account'}
                </Badge>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(b.created)}</Table.Td>
              <Table.Td ta="right">
                <Button size="compact-sm" variant="light" onClick={() => setLifting(b)} aria-label={`Lift the block of ${b.target}`}>
                  Lift
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {lifting && (
        <ReasonDialog
          key={lifting.id}
          opened
          title={`Lift the block of ${lifting.target}?`}
          description="It may follow the site again, and what it sends is taken again."
          confirmLabel="Lift the block"
          busy={lift.isPending}
          error={lift.error ? problemMessage(lift.error) : null}
          onCancel={() => !lift.isPending && setLifting(null)}
          onConfirm={(why) =>
            lift.mutate(
              { id: lifting.id, reason: why },
              {
                onSuccess: () => {
                  notify.success(`The block of ${lifting.target} is lifted.`);
                  setLifting(null);
                  lift.reset();
                },
              },
            )
          }
        />
      )}
    </Stack>
  );
}
