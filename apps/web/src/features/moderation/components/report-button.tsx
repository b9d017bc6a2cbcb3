import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Modal, Radio, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconFlag } from '@tabler/icons-react';
import { REPORT_NOTE_MAX, REPORT_REASONS, REPORT_REASON_LABELS, type ReportReason, type ReportTargetType } from '@hubbub/contract';
import { hasCode } from '@/lib/api';
import { problemMessage } from '@/lib/ui';
import { useCreateReport } from '../api/report';

const WHAT: Record<ReportTargetType, string> = { event: 'this event', flyer: 'this flyer', user: 'this person', chat: 'this message' };
const NOUN: Record<ReportTargetType, string> = { event: 'event', flyer: 'flyer', user: 'person', chat: 'message' };

interface ReportButtonProps {
  targetType: ReportTargetType;
  targetId: string;
  compact?: boolean;
  /** A small flag icon only, for places where a text button would get in the way (the buzz's flyers). */
  iconOnly?: boolean;
}

/** "Report": a reason from the short list and an optional note; says plainly that it was received. */
export function ReportButton({ targetType, targetId, compact = false, iconOnly = false }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const report = useCreateReport();
  const done = report.isSuccess || hasCode(report.error, 'conflict');
  const close = () => {
    setOpen(false);
    setReason(null);
    setNote('');
    report.reset();
  };
  return (
    <>
      {iconOnly ? (
        <Tooltip label={`Report ${NOUN[targetType]}`}>
          <ActionIcon variant="subtle" color="gray" aria-label={`Report ${NOUN[targetType]}`} onClick={() => setOpen(true)} data-testid={`report-${targetType}`}>
            <IconFlag size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button
          variant="subtle"
          color="gray"
          size={compact ? 'compact-sm' : 'sm'}
          leftSection={<IconFlag size={16} aria-hidden />}
          onClick={() => setOpen(true)}
          data-testid={`report-${targetType}`}
        >
          Report
        </Button>
      )}
      <Modal opened={open} onClose={close} title={`Report ${WHAT[targetType]}`} centered>
        {done ? (
          <Stack gap="md" data-testid="report-received">
            <Group gap="xs" wrap="nowrap">
              <IconCircleCheck size={22} color="var(--mantine-color-green-6)" aria-hidden />
              <Text fw={600}>{report.isSuccess ? 'Thank you: your report was received.' : 'You have already reported this.'}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              A moderator will look at it. You do not need to do anything else.
            </Text>
            <Group justify="flex-end">
              <Button onClick={close}>Close</Button>
            </Group>
          </Stack>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (reason) report.mutate({ targetType, targetId, reason, note: note.trim() || null });
            }}
          >
            <Stack gap="md">
              <Radio.Group label="What is wrong?" value={reason} onChange={(v) => setReason(v as ReportReason)} required>
                <Stack gap={8} mt={6}>
                  {REPORT_REASONS.map((r) => (
                    <Radio key={r} value={r} label={REPORT_REASON_LABELS[r]} />
                  ))}
                </Stack>
              </Radio.Group>
              <Textarea label="Anything a moderator should know? (optional)" value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={REPORT_NOTE_MAX} autosize minRows={2} maxRows={6} />
              {report.isError && <Alert color="red">{problemMessage(report.error)}</Alert>}
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
                <Button type="submit" disabled={!reason} loading={report.isPending} color="red">
                  Send report
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
