import { useState } from 'react';
import { Alert, Anchor, Box, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { IconAlertTriangle, IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { FLYER_NAME_MAX, FLYER_TEMPLATES, type Flyer, type FlyerTemplateEvent } from '@hubbub/contract';
import { BackgroundSection } from './background-section';
import { BlocksSection } from './blocks-section';
import { PictureField } from '@/components/picture-field';
import { PreviewStage } from './preview-stage';
import { TemplateGallery } from './template-gallery';
import { useFlyerDraft } from './use-flyer-draft';
import { useFlyerSave } from './use-flyer-save';
import classes from './designer.module.css';

const FLYER_TEMPLATE_NAMES = new Map(FLYER_TEMPLATES.map((t) => [t.id, t.name]));

interface FlyerDesignerProps {
  eventId: string;
  /** Edit this flyer; without it the first save creates one. */
  flyer?: Flyer;
  /** After the first save of a new flyer, so the page can point its address at it. */
  onCreated?: (flyer: Flyer) => void;
  onClose: () => void;
  /** A new flyer offers the templates, filled in with this event. */
  templateEvent?: FlyerTemplateEvent;
}

/** The flyer designer: a live preview beside the controls for background, text, stickers and picture. */
export function FlyerDesigner({ eventId, flyer, onCreated, onClose, templateEvent }: FlyerDesignerProps) {
  const draft = useFlyerDraft(flyer);
  const { save, saving, problem } = useFlyerSave({ eventId, flyer, onCreated });
  const [templateId, setTemplateId] = useState<string | null>(null);
  // The gallery stays until the first save: after that this is the flyer being edited.
  const [fresh] = useState(!flyer);

  return (
    <Stack gap="md" data-testid="flyer-designer">
      {draft.unreadable && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="This flyer's design could not be read">
          It was made with a version of the designer this app does not know. Saving replaces it with what you design here.
        </Alert>
      )}
      {problem.alert && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />} title={problem.alert.title} data-testid="flyer-save-error">
          {problem.alert.message}
          {problem.alert.upgrade && (
            <>
              {' '}
              <Anchor component={Link} to="/account/subscription">
                See the plans and upgrade
              </Anchor>
            </>
          )}
        </Alert>
      )}
      <div className={classes.layout}>
        <Box className={classes.previewColumn}>
          <PreviewStage
            content={draft.content}
            name={draft.name}
            imageUrl={draft.imageUrl}
            selectedId={draft.selectedId}
            onSelect={draft.select}
            dispatch={draft.dispatch}
          />
          <Text size="xs" c="dimmed" ta="center" mt="xs">
            Drag a text or sticker to move it, or use its position sliders.
          </Text>
        </Box>
        <Stack gap="md" className={classes.controls}>
          {fresh && templateEvent && (
            <TemplateGallery
              event={templateEvent}
              chosenId={templateId}
              onChoose={(template, content) => {
                draft.dispatch({ type: 'reset', content });
                draft.select(null);
                // The template's name until the host names the flyer.
                if (!draft.name.trim() || draft.name === FLYER_TEMPLATE_NAMES.get(templateId ?? '')) draft.setName(template.name);
                setTemplateId(template.id);
              }}
            />
          )}
          <TextInput
            label="Name"
            description="Only you see it; it helps you find the flyer when launching."
            required
            maxLength={FLYER_NAME_MAX}
            value={draft.name}
            onChange={(e) => draft.setName(e.currentTarget.value)}
            error={problem.name}
          />

          <BackgroundSection background={draft.content.background} dispatch={draft.dispatch} />

          <BlocksSection draft={draft} />

          <Paper withBorder p="md" radius="md" component="section">
            <PictureField hasPicture={draft.hasPicture} pendingName={draft.pendingImage?.file.name ?? null} onChoose={draft.chooseImage} onRemove={draft.removeImage} inputTestId="flyer-image-input" />
          </Paper>

          <Group gap="sm">
            <Button onClick={() => void save(draft)} loading={saving} leftSection={<IconDeviceFloppy size={16} aria-hidden />} data-testid="save-flyer">
              Save flyer
            </Button>
            <Button variant="default" onClick={onClose} disabled={saving} leftSection={<IconArrowLeft size={16} aria-hidden />}>
              Back to flyers
            </Button>
          </Group>
        </Stack>
      </div>
    </Stack>
  );
}
