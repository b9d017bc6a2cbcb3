import { useState } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import {
  ATTRACTION_DESCRIPTION_MAX,
  ATTRACTION_KIND_LABELS,
  ATTRACTION_LINK_MAX,
  ATTRACTION_NAME_MAX,
  AttractionKinds,
  type Attraction,
  type AttractionKind,
} from '@hubbub/contract';
import { PictureField } from '@/components/picture-field';
import { applyServerErrors } from '@/lib/api';
import { dayjs, isoToZoned, PICKER_FORMAT, zonedToIso, type LocalDateTime } from '@/lib/dates/dayjs';
import { useLineUpEdits } from '../api/attractions';

interface Values {
  name: string;
  kind: AttractionKind;
  setTime: LocalDateTime | null;
  link: string;
  description: string;
}

const FIELDS = ['name', 'kind', 'setTime', 'link', 'description'] as const;
const KIND_OPTIONS = AttractionKinds.map((kind) => ({ value: kind, label: ATTRACTION_KIND_LABELS[kind].one }));

interface AttractionFormProps {
  event: { id: string; startDate: string; endDate: string; timeZone: string };
  /** The attraction to change; absent to add one at the end of the line-up. */
  attraction?: Attraction;
  onDone: () => void;
}

/** Add or change one attraction; a picture chosen here is uploaded once the attraction is saved. */
export function AttractionForm({ event, attraction, onDone }: AttractionFormProps) {
  const edits = useLineUpEdits(event.id);
  // After an addition whose picture was refused, the form goes on as an edit of what was saved.
  const [saved, setSaved] = useState(attraction);
  const [file, setFile] = useState<File | null>(null);
  const [pictureProblem, setPictureProblem] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const start = isoToZoned(event.startDate, event.timeZone);
  const end = isoToZoned(event.endDate, event.timeZone);
  const form = useForm<Values>({
    initialValues: {
      name: attraction?.name ?? '',
      kind: attraction?.kind ?? 'performer',
      setTime: attraction?.setTime ? isoToZoned(attraction.setTime, event.timeZone) : null,
      link: attraction?.link ?? '',
      description: attraction?.description ?? '',
    },
    validate: {
      name: (v) => (v.trim() ? null : 'Give it a name.'),
      link: (v) => (!v.trim() || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(v.trim()) ? null : 'Use an https:// address, for example https://example.com.'),
      setTime: (v) => (!v || (!dayjs(v).isBefore(start) && !dayjs(v).isAfter(end)) ? null : 'Choose a time within the event.'),
    },
  });
  const busy = edits.create.isPending || edits.update.isPending || edits.uploadPicture.isPending;

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    const body = {
      name: values.name.trim(),
      kind: values.kind,
      description: values.description.trim(),
      link: values.link.trim() || null,
      setTime: values.setTime ? zonedToIso(values.setTime, event.timeZone) : null,
    };
    let current = saved;
    try {
      current = saved ? await edits.update.mutateAsync({ id: saved.id, ...body }) : await edits.create.mutateAsync({ eventId: event.id, ...body });
      setSaved(current);
    } catch (error) {
      setAlert(applyServerErrors(error, form, FIELDS));
      return;
    }
    if (file) {
      try {
        await edits.uploadPicture.mutateAsync({ id: current.id, file, fileName: file.name });
      } catch (error) {
        setPictureProblem(applyServerErrors(error, form, []) ?? 'The picture could not be uploaded.');
        return;
      }
    }
    onDone();
  });

  const hasPicture = !!saved?.picturePath || !!file;
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)" data-testid="attraction-form">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Text fw={600}>{attraction ? `Change “${attraction.name}”` : 'Add to the line-up'}</Text>
          <Group grow align="flex-start" wrap="wrap">
            <TextInput label="Name" required maxLength={ATTRACTION_NAME_MAX} miw={200} data-autofocus {...form.getInputProps('name')} />
            <Select label="Kind" data={KIND_OPTIONS} allowDeselect={false} miw={160} {...form.getInputProps('kind')} />
          </Group>
          <DateTimePicker
            label="Set time (optional)"
            description="When it is on, in the event's time zone."
            clearable
            valueFormat={PICKER_FORMAT}
            minDate={start}
            maxDate={end}
            defaultDate={start}
            {...form.getInputProps('setTime')}
          />
          <TextInput label="Link (optional)" placeholder="https://" type="url" maxLength={ATTRACTION_LINK_MAX} {...form.getInputProps('link')} />
          <Textarea label="About (optional)" autosize minRows={2} maxRows={5} maxLength={ATTRACTION_DESCRIPTION_MAX} {...form.getInputProps('description')} />
          <PictureField
            label="Picture (optional)"
            hasPicture={hasPicture}
            pendingName={file?.name ?? null}
            onChoose={(chosen) => {
              setPictureProblem(null);
              setFile(chosen);
            }}
            onRemove={() => (file ? setFile(null) : saved && edits.removePicture.mutate(saved.id, { onSuccess: setSaved }))}
            removing={edits.removePicture.isPending}
            error={pictureProblem}
            inputTestId="attraction-picture-input"
          />
          {alert && <Alert color="red">{alert}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} data-testid="attraction-save">
              {attraction ? 'Save' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
