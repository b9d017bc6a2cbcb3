import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Anchor, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useForm } from '@mantine/form';
import { IconCloudCheck, IconCloudUpload, IconRocket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SaveAlert } from './save-alert';
import { formatDateTime, formatTime, isValidTimeZone, localTimeZone, timeZoneLabel, type HubEvent, type RepeatPick } from '@hubbub/contract';
import { PICKER_FORMAT } from '@/lib/dates/dayjs';
import { mantineValidator, required } from '@/lib/forms';
import { notify, notifyProblem } from '@/lib/ui';
import { useDeleteEventDraft, useEventDraft, useSaveEventDraft } from '../api/event-draft';
import { useCreateEvent } from '../api/save-event';
import { useUploadThumbnail } from '../api/thumbnail';
import { coverOf, drawCover } from '../form/covers';
import { zonedToIso } from '@/lib/dates/dayjs';
import { LIMITS } from '../form/event-form-values';
import { DURATION_OPTIONS, hasContent, newQuickValues, toDraftInput, toQuickEventCreate, valuesFromDraft, type QuickCreateValues } from '../form/quick-create-values';
import { applyEventErrors, type EventSaveAlert } from '../form/server-errors';
import { CoverPicker } from './cover-picker';
import type { PlaceFieldSlot } from './event-form';
import type { ThumbnailChange } from './thumbnail-field';
import { TimeZoneField } from './time-zone-field';

/** How long typing must pause before the draft is saved. */
const SAVE_AFTER_MS = 700;

type DraftState = { kind: 'none' } | { kind: 'saving' } | { kind: 'saved'; at: string } | { kind: 'failed' };

interface QuickCreateFormProps {
  renderPlace: (field: PlaceFieldSlot) => ReactNode;
  /** With the repeat picked (its kind null when it does not repeat). */
  onPublished: (event: HubEvent, repeat: RepeatPick) => void;
  /** Where the form with every field is. */
  fullFormHref: string;
  /** A field under the time, given the start as typed (ISO, null before there is one): "Repeats" (the series feature); the pick is kept with the draft. */
  renderRepeat?: (field: { start: string | null; timeZone: string; value: RepeatPick; onChange: (pick: RepeatPick) => void }) => ReactNode;
}

/** Waits for the server's draft, then opens the form on it (or on the defaults). */
export function QuickCreateForm(props: QuickCreateFormProps) {
  const draft = useEventDraft();
  if (draft.isPending) return <Skeleton height={420} radius="md" maw={720} />;
  const defaults = newQuickValues(localTimeZone());
  const kept = draft.data?.draft ?? null;
  return <QuickCreateFields {...props} initial={kept ? valuesFromDraft(kept, defaults) : defaults} restoredAt={kept?.updated ?? null} draftLost={draft.isError} />;
}

function QuickCreateFields({ renderPlace, renderRepeat, onPublished, fullFormHref, initial, restoredAt, draftLost }: QuickCreateFormProps & { initial: QuickCreateValues; restoredAt: string | null; draftLost: boolean }) {
  const create = useCreateEvent();
  const upload = useUploadThumbnail();
  const saveDraft = useSaveEventDraft();
  const discardDraft = useDeleteEventDraft();
  const [alert, setAlert] = useState<EventSaveAlert | null>(null);
  const [coverMode, setCoverMode] = useState<'generated' | 'upload'>('generated');
  const [picture, setPicture] = useState<ThumbnailChange>({ kind: 'keep' });
  const [zoneOpen, setZoneOpen] = useState(false);
  const [draftState, setDraftState] = useState<DraftState>(restoredAt ? { kind: 'saved', at: restoredAt } : { kind: 'none' });
  const publishing = useRef(false);

  const form = useForm<QuickCreateValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: {
      name: mantineValidator([required('Give the event a name.')]),
      start: mantineValidator([required('Choose when the event starts.')]),
      area: mantineValidator([required('Choose a city or drop a pin.')]),
      timeZone: (v) => (isValidTimeZone(v) ? null : 'Choose a time zone from the list.'),
    },
  });

  // The draft follows the form: saved a moment after typing stops, never once publishing began.
  const draftBody = JSON.stringify(toDraftInput(form.values));
  const lastSaved = useRef(JSON.stringify(toDraftInput(initial)));
  const worthKeeping = hasContent(form.values) || restoredAt !== null;
  const { mutate: saveNow } = saveDraft;
  useEffect(() => {
    if (publishing.current || draftBody === lastSaved.current || !worthKeeping) return;
    const timer = window.setTimeout(() => {
      setDraftState({ kind: 'saving' });
      saveNow(JSON.parse(draftBody) as ReturnType<typeof toDraftInput>, {
        onSuccess: (saved) => {
          lastSaved.current = draftBody;
          if (!publishing.current) setDraftState({ kind: 'saved', at: saved.updated });
        },
        onError: () => setDraftState({ kind: 'failed' }),
      });
    }, SAVE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [draftBody, worthKeeping, saveNow]);

  const saving = create.isPending || upload.isPending;
  const values = form.values;
  const startIso = values.start && isValidTimeZone(values.timeZone) ? zonedToIso(values.start, values.timeZone) : null;
  const endText = startIso ? `Ends ${formatDateTime(new Date(Date.parse(startIso) + values.durationMinutes * 60_000), { timeZone: values.timeZone })}` : null;

  const publishValues = async (v: QuickCreateValues) => {
    setAlert(null);
    publishing.current = true;
    let event: HubEvent;
    try {
      event = await create.mutateAsync(toQuickEventCreate(v));
    } catch (error) {
      publishing.current = false;
      setAlert(applyEventErrors(error, form));
      return;
    }
    // The event is published at this point; a cover problem must not hide that.
    try {
      const chosen = coverOf(v.cover);
      if (coverMode === 'upload' && picture.kind === 'replace') event = await upload.mutateAsync({ eventId: event.id, file: picture.blob, fileName: 'cover.jpg' });
      else if (coverMode === 'generated' && chosen) {
        const subtitle = formatDateTime(event.startDate, { timeZone: event.timeZone });
        event = await upload.mutateAsync({ eventId: event.id, file: await drawCover(chosen, event.name, subtitle), fileName: 'cover.jpg' });
      }
    } catch (error) {
      notifyProblem(error, 'The event is published, but its cover was not saved');
    }
    // A draft left behind would only reopen an event already made.
    discardDraft.mutate();
    notify.success('Your event is published.');
    onPublished(event, v.repeat);
  };
  const publish = (e?: FormEvent<HTMLFormElement>) => form.onSubmit((v) => void publishValues(v))(e);

  const startOver = () => {
    discardDraft.mutate(undefined, {
      onSuccess: () => {
        const fresh = newQuickValues(localTimeZone());
        lastSaved.current = JSON.stringify(toDraftInput(fresh));
        form.setValues(fresh);
        setPicture({ kind: 'keep' });
        setDraftState({ kind: 'none' });
      },
      onError: (error) => notifyProblem(error, 'The draft could not be discarded'),
    });
  };

  const areaError = form.errors.area;
  return (
    <form onSubmit={publish} noValidate aria-label="Quick create">
      <Stack gap="md" maw={720}>
        <SaveAlert alert={alert} />
        <TextInput
          label="Name"
          placeholder="e.g. Porch concert on Elm Street"
          required
          maxLength={LIMITS.name}
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Stack gap={6}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <DateTimePicker label="Starts" required valueFormat={PICKER_FORMAT} key={form.key('start')} {...form.getInputProps('start')} />
            <Select
              label="Lasts"
              data={DURATION_OPTIONS}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              value={String(values.durationMinutes)}
              onChange={(v) => v && form.setFieldValue('durationMinutes', Number(v))}
              data-testid="duration"
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed" data-testid="quick-when">
            {endText ? `${endText} · ` : ''}
            {timeZoneLabel(values.timeZone)}
            {values.area ? ', from the place' : ', until you pick the place'}
            {' · '}
            <Anchor component="button" type="button" size="sm" onClick={() => setZoneOpen((o) => !o)}>
              {zoneOpen ? 'Done' : 'Change'}
            </Anchor>
          </Text>
          {zoneOpen && <TimeZoneField key={form.key('timeZone')} {...form.getInputProps('timeZone')} value={values.timeZone} />}
        </Stack>
        {renderRepeat?.({ start: startIso, timeZone: values.timeZone, value: values.repeat, onChange: (pick) => form.setFieldValue('repeat', pick) })}
        {renderPlace({
          value: values.area,
          onChange: (area, timeZone) => {
            form.setFieldValue('area', area);
            // The time typed stays as typed, now read in the place's zone.
            if (timeZone && isValidTimeZone(timeZone)) form.setFieldValue('timeZone', timeZone);
          },
          error: typeof areaError === 'string' ? areaError : areaError ? String(areaError) : null,
        })}
        <CoverPicker
          name={values.name}
          cover={values.cover}
          onCover={(key) => form.setFieldValue('cover', key)}
          upload={picture}
          onUpload={setPicture}
          mode={coverMode}
          onMode={setCoverMode}
        />
        <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
          <Text size="sm">Venue, description, tags, documents and flyers come next, on the event&apos;s page.</Text>
        </Paper>
        <Group justify="space-between" wrap="wrap-reverse" gap="sm">
          <Group gap="sm">
            <Button type="submit" size="md" loading={saving} leftSection={<IconRocket size={18} aria-hidden />}>
              Publish
            </Button>
            <Anchor component={Link} to={fullFormHref} size="sm">
              Use the full form
            </Anchor>
          </Group>
          <DraftStatus state={draftState} lost={draftLost} onStartOver={worthKeeping ? startOver : undefined} />
        </Group>
      </Stack>
    </form>
  );
}

function DraftStatus({ state, lost, onStartOver }: { state: DraftState; lost: boolean; onStartOver?: () => void }) {
  const words =
    state.kind === 'saving'
      ? 'Saving your draft…'
      : state.kind === 'saved'
        ? `Draft saved at ${formatTime(state.at)}`
        : state.kind === 'failed'
          ? 'The draft could not be saved; it is tried again as you type.'
          : lost
            ? 'Your earlier draft could not be loaded.'
            : 'Your draft is saved as you type.';
  return (
    <Group gap={6} wrap="nowrap" aria-live="polite" data-testid="draft-status">
      {state.kind === 'saved' ? <IconCloudCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden /> : <IconCloudUpload size={16} color="var(--mantine-color-dimmed)" aria-hidden />}
      <Text size="sm" c={state.kind === 'failed' ? 'red' : 'dimmed'}>
        {words}
      </Text>
      {onStartOver && state.kind === 'saved' && (
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onStartOver}>
          Start over
        </Anchor>
      )}
    </Group>
  );
}
