import { Alert, Anchor, Box, Button, Grid, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { IconAlertTriangle, IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { FLYER_NAME_MAX, type Flyer } from '@hubbub/contract';
import { BackgroundSection } from './background-section';
import { BlocksSection } from './blocks-section';
import { PictureField } from './picture-field';
import { PreviewStage } from './preview-stage';
import { useFlyerDraft } from './use-flyer-draft';
import { useFlyerSave } from './use-flyer-save';
import classes from './designer.module.css';

interface FlyerDesignerProps {
  eventId: string;
  /** Edit this flyer; without it the first save creates one. */
  flyer?: Flyer;
  /** After the first save of a new flyer, so the page can point its address at it. */
  onCreated?: (flyer: Flyer) => void;
  onClose: () => void;
}

/** The flyer designer: a live preview beside the controls for background, text, stickers and picture. */
export function FlyerDesigner({ eventId, flyer, onCreated, onClose }: FlyerDesignerProps) {
  const draft = useFlyerDraft(flyer);
  const { save, saving, problem } = useFlyerSave({ eventId, flyer, onCreated });

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
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
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
              Drag the dots to move text and stickers.
            </Text>
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
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
              <PictureField hasPicture={draft.hasPicture} pendingName={draft.pendingImage?.file.name ?? null} onChoose={draft.chooseImage} onRemove={draft.removeImage} />
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
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
