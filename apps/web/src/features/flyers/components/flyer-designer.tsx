import { useEffect, useReducer, useState } from 'react';
import { Alert, Anchor, Box, Button, CloseButton, Grid, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { IconAlertTriangle, IconArrowLeft, IconDeviceFloppy, IconMoodSmile, IconTypography } from '@tabler/icons-react';
import {
  FLYER_BLOCKS_MAX,
  FLYER_CONTENT_TYPE,
  FLYER_NAME_MAX,
  FlyerContentSchema,
  parseFlyerContent,
  type Flyer,
  type FlyerContent,
} from '@hubbub/contract';
import { notify, notifyProblem } from '@/lib/ui';
import { useDeleteFlyerImage, useUploadFlyerImage } from '../api/flyer-image';
import { useCreateFlyer, useUpdateFlyer } from '../api/save-flyer';
import { blockTitle, contentReducer, emptyContent, newBlockId } from '../content/content-reducer';
import { saveProblem, type SaveProblem } from '../content/save-errors';
import { BlockEditor } from './block-editor';
import { EmojiPicker } from './emoji-picker';
import { GradientPicker } from './gradient-picker';
import { HexColorField } from './hex-color-field';
import { LabelledSlider } from './labelled-slider';
import { PictureField } from './picture-field';
import { PreviewStage } from './preview-stage';
import classes from './designer.module.css';

interface FlyerDesignerProps {
  eventId: string;
  /** Edit this flyer; without it the first save creates one. */
  flyer?: Flyer;
  /** After the first save of a new flyer, so the page can point its address at it. */
  onCreated?: (flyer: Flyer) => void;
  onClose: () => void;
}

function initialContent(flyer: Flyer | undefined): { content: FlyerContent; unreadable: boolean } {
  if (!flyer) return { content: emptyContent(), unreadable: false };
  const parsed = parseFlyerContent(flyer.contentJson);
  return parsed.success ? { content: parsed.data, unreadable: false } : { content: emptyContent(), unreadable: true };
}

const NO_PROBLEM: SaveProblem = { name: null, alert: null };

/** The flyer designer: a live preview beside the controls for background, text, stickers and picture. */
export function FlyerDesigner({ eventId, flyer, onCreated, onClose }: FlyerDesignerProps) {
  const [initial] = useState(() => initialContent(flyer));
  const [content, dispatch] = useReducer(contentReducer, initial.content);
  const [name, setName] = useState(flyer?.name ?? '');
  const [savedId, setSavedId] = useState<string | null>(flyer?.id ?? null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [pickingEmoji, setPickingEmoji] = useState(false);
  const [pendingImage, setPendingImage] = useState<{ file: File; url: string } | null>(null);
  const [problem, setProblem] = useState<SaveProblem>(NO_PROBLEM);
  // The uploaded picture on the server; the content only says where it goes on the card.
  const [serverImage, setServerImage] = useState<string | null>(initial.content.imagePath ?? null);

  const create = useCreateFlyer();
  const update = useUpdateFlyer(eventId);
  const upload = useUploadFlyerImage();
  const removeImage = useDeleteFlyerImage();
  const saving = create.isPending || update.isPending || upload.isPending || removeImage.isPending;

  // Chosen pictures live as object URLs until replaced or the designer closes.
  const pendingUrl = pendingImage?.url;
  useEffect(() => (pendingUrl ? () => URL.revokeObjectURL(pendingUrl) : undefined), [pendingUrl]);

  const selected = content.blocks.find((b) => b.id === selectedId) ?? null;
  const full = content.blocks.length >= FLYER_BLOCKS_MAX;
  const hasPicture = content.blocks.some((b) => b.kind === 'image');
  const background = content.background;

  const addText = () => {
    const id = newBlockId();
    dispatch({ type: 'addText', id });
    setSelectedId(id);
  };

  const save = async () => {
    setProblem(NO_PROBLEM);
    const trimmed = name.trim();
    if (!trimmed) {
      setProblem({ name: 'Give the flyer a name.', alert: null });
      return;
    }
    const checked = FlyerContentSchema.safeParse(content);
    if (!checked.success) {
      setProblem({ name: null, alert: { title: 'The flyer could not be saved', message: checked.error.issues.map((i) => i.message).join(' ') } });
      return;
    }
    const fields = { name: trimmed, contentType: FLYER_CONTENT_TYPE, contentJson: JSON.stringify({ ...checked.data, imagePath: null }) };
    let id = savedId;
    try {
      if (id) await update.mutateAsync({ id, ...fields });
      else {
        const created = await create.mutateAsync({ eventId, ...fields });
        id = created.id;
        setSavedId(id);
        onCreated?.(created);
      }
    } catch (error) {
      setProblem(saveProblem(error));
      return;
    }
    // The flyer is saved at this point; a picture problem must not hide that.
    try {
      if (pendingImage) {
        const withImage = await upload.mutateAsync({ id, file: pendingImage.file });
        const parsed = parseFlyerContent(withImage.contentJson);
        setServerImage(parsed.success ? (parsed.data.imagePath ?? null) : null);
        setPendingImage(null);
      } else if (!hasPicture && serverImage) {
        await removeImage.mutateAsync(id);
        setServerImage(null);
      }
    } catch (error) {
      notifyProblem(error, 'The flyer is saved, but its picture was not');
      return;
    }
    notify.success(`“${trimmed}” is saved.`);
  };

  return (
    <Stack gap="md" data-testid="flyer-designer">
      {initial.unreadable && (
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
              content={content}
              name={name}
              imageUrl={pendingImage?.url ?? serverImage}
              selectedId={selectedId}
              onSelect={setSelectedId}
              dispatch={dispatch}
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
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={problem.name}
            />

            <Paper withBorder p="md" radius="md" component="section" aria-labelledby="flyer-background-heading">
              <Stack gap="sm">
                <Title order={2} size="h4" id="flyer-background-heading">
                  Background
                </Title>
                <SegmentedControl
                  aria-label="Background kind"
                  value={background.kind}
                  onChange={(kind) => {
                    if (kind === 'solid') dispatch({ type: 'solid', color: background.kind === 'gradient' ? background.colors[0] : background.color });
                    else dispatch({ type: 'gradient', name: 'Omolon', colors: ['#091e3a', '#2f80ed', '#2d9ee0'] });
                  }}
                  data={[
                    { value: 'solid', label: 'Solid colour' },
                    { value: 'gradient', label: 'Gradient' },
                  ]}
                />
                {background.kind === 'solid' ? (
                  <HexColorField label="Background colour" value={background.color} onChange={(color) => dispatch({ type: 'solid', color })} />
                ) : (
                  <>
                    <GradientPicker value={background.name} onChange={(g) => dispatch({ type: 'gradient', name: g.name, colors: g.colors })} />
                    <LabelledSlider label="Gradient angle" min={0} max={360} value={background.angle} format={(v) => `${v}°`} onChange={(angle) => dispatch({ type: 'angle', angle })} />
                  </>
                )}
              </Stack>
            </Paper>

            <Paper withBorder p="md" radius="md" component="section" aria-labelledby="flyer-blocks-heading">
              <Stack gap="sm">
                <Title order={2} size="h4" id="flyer-blocks-heading">
                  Text and stickers
                </Title>
                <Group gap="xs">
                  <Button variant="light" size="sm" leftSection={<IconTypography size={16} aria-hidden />} onClick={addText} disabled={full}>
                    Add text
                  </Button>
                  <Button
                    variant={pickingEmoji ? 'filled' : 'light'}
                    size="sm"
                    leftSection={<IconMoodSmile size={16} aria-hidden />}
                    onClick={() => setPickingEmoji((open) => !open)}
                    disabled={full}
                    aria-expanded={pickingEmoji}
                  >
                    Add sticker
                  </Button>
                </Group>
                {full && <Text size="sm" c="dimmed">A flyer holds at most {FLYER_BLOCKS_MAX} blocks.</Text>}
                {pickingEmoji && !full && (
                  <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-default-hover)">
                    <EmojiPicker
                      onPick={(entry) => {
                        const id = newBlockId();
                        dispatch({ type: 'addEmoji', id, emoji: entry.emoji, name: entry.name });
                        setSelectedId(id);
                        setPickingEmoji(false);
                      }}
                    />
                  </Paper>
                )}
                {content.blocks.length > 0 ? (
                  <Stack gap={6} role="list" aria-label="Blocks">
                    {content.blocks.map((block) => (
                      <div key={block.id} role="listitem" className={classes.layer} data-selected={block.id === selectedId || undefined}>
                        <UnstyledButton className={classes.layerButton} onClick={() => setSelectedId(block.id)} aria-pressed={block.id === selectedId}>
                          {blockTitle(block)}
                        </UnstyledButton>
                        <CloseButton
                          size="sm"
                          aria-label={`Remove ${blockTitle(block)}`}
                          onClick={() => {
                            if (block.kind === 'image') {
                              setPendingImage(null);
                              dispatch({ type: 'removeImage' });
                            } else dispatch({ type: 'remove', id: block.id });
                            if (selectedId === block.id) setSelectedId(null);
                          }}
                        />
                      </div>
                    ))}
                  </Stack>
                ) : (
                  <Text size="sm" c="dimmed">
                    Add text or a sticker, then pick it here or on the preview to change it.
                  </Text>
                )}
                {selected && <BlockEditor key={selected.id} block={selected} dispatch={dispatch} />}
              </Stack>
            </Paper>

            <Paper withBorder p="md" radius="md" component="section">
              <PictureField
                hasPicture={hasPicture}
                pendingName={pendingImage?.file.name ?? null}
                onChoose={(file) => {
                  setPendingImage({ file, url: URL.createObjectURL(file) });
                  const image = content.blocks.find((b) => b.kind === 'image');
                  const id = image?.id ?? newBlockId();
                  if (!image) dispatch({ type: 'setImage', id });
                  setSelectedId(id);
                }}
                onRemove={() => {
                  setPendingImage(null);
                  dispatch({ type: 'removeImage' });
                }}
              />
            </Paper>

            <Group gap="sm">
              <Button onClick={() => void save()} loading={saving} leftSection={<IconDeviceFloppy size={16} aria-hidden />} data-testid="save-flyer">
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
