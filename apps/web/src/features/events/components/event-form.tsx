import { useState, type ReactNode } from 'react';
import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { SaveAlert } from './save-alert';
import { DateTimePicker } from '@mantine/dates';
import { PICKER_FORMAT } from '@/lib/dates/dayjs';
import '@mantine/dates/styles.css';
import { useForm } from '@mantine/form';
import { isValidTimeZone, localTimeZone, type AreaInput, type HubEvent } from '@hubbub/contract';
import { mantineValidator, required, validateValue, type Rule } from '@/lib/forms';
import { notify, notifyProblem, TEXTAREA_ROWS } from '@/lib/ui';
import { useCreateEvent, useUpdateEvent } from '../api/save-event';
import { useDeleteThumbnail, useUploadThumbnail } from '../api/thumbnail';
import { endRule, LIMITS, newEventValues, toEventCreate, toEventUpdate, valuesFromEvent, type EventFormValues } from '../form/event-form-values';
import { applyEventErrors, type EventSaveAlert } from '../form/server-errors';
import { TagsField } from './tags-field';
import { ThumbnailField, type ThumbnailChange } from './thumbnail-field';
import { TimeZoneField } from './time-zone-field';

/** The place control comes from the map feature; the page hands it in. */
export interface PlaceFieldSlot {
  value: AreaInput | null;
  /** The place, and the IANA zone of its city when known: the event's dates are kept in it. */
  onChange: (area: AreaInput | null, timeZone?: string | null) => void;
  error: string | null;
}

interface EventFormProps {
  /** Edit this event; without it the form creates one. */
  event?: HubEvent;
  renderPlace: (field: PlaceFieldSlot) => ReactNode;
  onSaved: (event: HubEvent) => void;
  onCancel: () => void;
}

const maxLength = (max: number, label: string): Rule => (v) => String(v ?? '').trim().length <= max || `${label} must be at most ${max} characters.`;

/**
 * One form for creating and editing: the dates are entered in the event's own time zone, which
 * the place sets (the city's zone) and a readable list changes. The status is not asked for: the
 * live session and the Cancel action on the event page set it.
 */
export function EventForm({ event, renderPlace, onSaved, onCancel }: EventFormProps) {
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const upload = useUploadThumbnail();
  const removeThumbnail = useDeleteThumbnail();
  const [alert, setAlert] = useState<EventSaveAlert | null>(null);
  const [thumbnail, setThumbnail] = useState<ThumbnailChange>({ kind: 'keep' });

  const form = useForm<EventFormValues>({
    mode: 'controlled',
    initialValues: event ? valuesFromEvent(event) : newEventValues(localTimeZone()),
    validate: {
      name: mantineValidator([required('Give the event a name.'), maxLength(LIMITS.name, 'The name')]),
      timeZone: mantineValidator([required('Choose the time zone.'), (v) => isValidTimeZone(String(v)) || 'Choose a time zone from the list.']),
      start: mantineValidator([required('Choose when the event starts.')]),
      end: (value, values) => validateValue(value, [required('Choose when the event ends.')]) ?? endRule(values),
      venue: mantineValidator([maxLength(LIMITS.venue, 'The venue')]),
      area: mantineValidator([required('Choose a city or drop a pin.')]),
      description: mantineValidator([(v) => String(v ?? '').length <= LIMITS.description || `The description must be at most ${LIMITS.description} characters.`]),
    },
  });

  const saving = create.isPending || update.isPending || upload.isPending || removeThumbnail.isPending;

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    let saved: HubEvent;
    try {
      saved = event ? await update.mutateAsync(toEventUpdate(values, event)) : await create.mutateAsync(toEventCreate(values));
    } catch (error) {
      setAlert(applyEventErrors(error, form));
      return;
    }
    // The event is saved at this point; a picture problem must not hide that.
    try {
      if (thumbnail.kind === 'replace') saved = await upload.mutateAsync({ eventId: saved.id, file: thumbnail.blob, fileName: 'thumbnail.jpg' });
      else if (thumbnail.kind === 'remove' && saved.thumbnailPath) saved = await removeThumbnail.mutateAsync(saved.id);
    } catch (error) {
      notifyProblem(error, 'The event is saved, but its picture was not');
    }
    notify.success(event ? 'Your changes are saved.' : 'Your event is created.');
    onSaved(saved);
  });

  const areaError = form.errors.area;
  return (
    <form onSubmit={submit} noValidate aria-label={event ? 'Edit event' : 'New event'}>
      <Stack gap="md" maw={720}>
        <SaveAlert alert={alert} />
        <TextInput label="Name" required maxLength={LIMITS.name} key={form.key('name')} {...form.getInputProps('name')} />
        <TextInput label="Venue" placeholder="e.g. Riverside Hall" maxLength={LIMITS.venue} key={form.key('venue')} {...form.getInputProps('venue')} />
        {renderPlace({
          value: form.values.area,
          onChange: (area, timeZone) => {
            form.setFieldValue('area', area);
            // The times typed stay as typed, now read in the place's zone.
            if (timeZone && isValidTimeZone(timeZone)) form.setFieldValue('timeZone', timeZone);
          },
          error: typeof areaError === 'string' ? areaError : areaError ? String(areaError) : null,
        })}
        <TimeZoneField required key={form.key('timeZone')} {...form.getInputProps('timeZone')} value={form.values.timeZone} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DateTimePicker label="Starts" required valueFormat={PICKER_FORMAT} key={form.key('start')} {...form.getInputProps('start')} />
          <DateTimePicker label="Ends" required valueFormat={PICKER_FORMAT} key={form.key('end')} {...form.getInputProps('end')} />
        </SimpleGrid>
        <DateTimePicker
          label="Publish on"
          description="Leave empty to publish now. Until then only you can see the event."
          clearable
          valueFormat={PICKER_FORMAT}
          key={form.key('publishOn')}
          {...form.getInputProps('publishOn')}
        />
        <Textarea label="Description" rows={TEXTAREA_ROWS} autosize={false} key={form.key('description')} {...form.getInputProps('description')} />
        <TagsField
          value={form.values.tagIds}
          onChange={(ids) => form.setFieldValue('tagIds', ids)}
          initialTags={event?.tags ?? []}
          error={typeof form.errors.tagIds === 'string' ? form.errors.tagIds : null}
        />
        <ThumbnailField currentPath={event?.thumbnailPath ?? null} value={thumbnail} onChange={setThumbnail} />
        <Group>
          <Button type="submit" loading={saving}>
            {event ? 'Save changes' : 'Create event'}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
