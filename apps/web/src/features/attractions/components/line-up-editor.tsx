import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconGripVertical, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ATTRACTIONS_MAX, type Attraction } from '@hubbub/contract';
import { confirm, notifyProblem } from '@/lib/ui';
import { useLineUpEdits } from '../api/attractions';
import { AttractionForm } from './attraction-form';
import { AttractionRow, LineUpFrame } from './line-up';

interface LineUpEditorProps {
  event: { id: string; startDate: string; endDate: string; timeZone: string; attractions: Attraction[] };
  onDone: () => void;
}

function SortableAttraction({ attraction, event, onEdit, onRemove }: { attraction: Attraction; event: LineUpEditorProps['event']; onEdit: () => void; onRemove: () => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: attraction.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, position: 'relative', zIndex: isDragging ? 1 : undefined }}
      data-testid="line-up-item"
    >
      <Paper withBorder radius="md" p="xs" shadow={isDragging ? 'md' : undefined}>
        <Group wrap="nowrap" gap="xs" align="center">
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size="lg"
            style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
            aria-label={`Move ${attraction.name}`}
            data-testid="line-up-handle"
          >
            <IconGripVertical size={18} aria-hidden />
          </ActionIcon>
          <div style={{ flex: 1, minWidth: 0 }}>
            <AttractionRow attraction={attraction} event={event} />
          </div>
          <Tooltip label="Change">
            <ActionIcon variant="subtle" color="gray" aria-label={`Change ${attraction.name}`} onClick={onEdit}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Remove">
            <ActionIcon variant="subtle" color="red" aria-label={`Remove ${attraction.name}`} onClick={onRemove}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Paper>
    </li>
  );
}

/** The host's line-up: drag (or Space and the arrow keys on a handle) to reorder, add, change, remove. */
export function LineUpEditor({ event, onDone }: LineUpEditorProps) {
  const edits = useLineUpEdits(event.id);
  const [editing, setEditing] = useState<string | null>(event.attractions.length ? null : 'new');
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = event.attractions.map((a) => a.id);
  const nameOf = (id: string | number) => event.attractions.find((a) => a.id === id)?.name ?? '';
  const placeOf = (id: string | number | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, place ${placeOf(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over place ${placeOf(over.id)} of ${ids.length}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at place ${placeOf(over.id)} of ${ids.length}.` : `${nameOf(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const attractionIds = arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
    edits.reorder.mutate({ eventId: event.id, attractionIds }, { onError: (error) => notifyProblem(error, 'The new order could not be saved') });
  };
  const remove = async (attraction: Attraction) => {
    const sure = await confirm({ title: `Remove “${attraction.name}”?`, message: 'It leaves the line-up and the event page.', confirmLabel: 'Remove', danger: true });
    if (!sure) return;
    edits.remove.mutate(attraction.id, { onError: (error) => notifyProblem(error, `“${attraction.name}” could not be removed`) });
  };
  const full = event.attractions.length >= ATTRACTIONS_MAX;
  return (
    <LineUpFrame
      testId="line-up-editor"
      action={
        <Button variant="light" size="xs" onClick={onDone} data-testid="line-up-done">
          Done
        </Button>
      }
    >
      <Text size="sm" c="dimmed" mb="sm">
        People see the line-up by set time; without times, in this order. Drag a handle to move an item, or focus it and use Space and the arrow keys.
      </Text>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {event.attractions.map((a) =>
              editing === a.id ? (
                <li key={a.id}>
                  <AttractionForm event={event} attraction={a} onDone={() => setEditing(null)} />
                </li>
              ) : (
                <SortableAttraction key={a.id} attraction={a} event={event} onEdit={() => setEditing(a.id)} onRemove={() => void remove(a)} />
              ),
            )}
          </Stack>
        </SortableContext>
      </DndContext>
      <Stack mt="sm">
        {editing === 'new' ? (
          <AttractionForm event={event} onDone={() => setEditing(null)} />
        ) : (
          <Group>
            <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')} disabled={full} data-testid="line-up-add">
              Add to the line-up
            </Button>
            {full && (
              <Text size="sm" c="dimmed">
                An event has at most {ATTRACTIONS_MAX}; remove one to add another.
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </LineUpFrame>
  );
}
