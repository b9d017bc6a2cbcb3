import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Box, Button, Group, Slider, Stack, Text } from '@mantine/core';
import { cropRect, INITIAL_CROP, MAX_ZOOM, outputSize, panBy, THUMBNAIL_ASPECT, type CropState } from '../form/crop';

interface ThumbnailCropperProps {
  image: HTMLImageElement;
  onDone: (blob: Blob) => void;
  onCancel: () => void;
}

/** Preview canvas size in its own pixels; CSS scales it to the column. */
const PREVIEW_WIDTH = 480;
const PREVIEW_HEIGHT = Math.round(PREVIEW_WIDTH / THUMBNAIL_ASPECT);
const KEY_STEP = 12;

function toBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be prepared. Try another file.'))), 'image/jpeg', 0.9),
  );
}

/**
 * Choose the 16:9 part of a picture: drag (or use the arrow keys) to move it, the slider to zoom.
 * The crop is drawn onto a canvas and uploaded as a JPEG; the server re-encodes it anyway.
 */
export function ThumbnailCropper({ image, onDone, onCancel }: ThumbnailCropperProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [crop, setCrop] = useState<CropState>(INITIAL_CROP);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const size = { width: image.naturalWidth, height: image.naturalHeight };

  useEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    if (!context) return;
    const r = cropRect(size, crop);
    context.clearRect(0, 0, PREVIEW_WIDTH, PREVIEW_HEIGHT);
    context.drawImage(image, r.x, r.y, r.width, r.height, 0, 0, PREVIEW_WIDTH, PREVIEW_HEIGHT);
  });

  // Drag distances are in screen pixels; the canvas may be drawn smaller than its own width.
  const screenToPreview = () => PREVIEW_WIDTH / (canvasRef.current?.clientWidth || PREVIEW_WIDTH);

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drag.current) return;
    const scale = screenToPreview();
    const dx = (event.clientX - drag.current.x) * scale;
    const dy = (event.clientY - drag.current.y) * scale;
    drag.current = { x: event.clientX, y: event.clientY };
    setCrop((c) => panBy(size, c, dx, dy, PREVIEW_WIDTH));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const moves: Record<string, [number, number]> = { ArrowLeft: [KEY_STEP, 0], ArrowRight: [-KEY_STEP, 0], ArrowUp: [0, KEY_STEP], ArrowDown: [0, -KEY_STEP] };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setCrop((c) => panBy(size, c, move[0], move[1], PREVIEW_WIDTH));
    } else if (event.key === '+' || event.key === '=') {
      setCrop((c) => ({ ...c, zoom: Math.min(MAX_ZOOM, c.zoom + 0.1) }));
    } else if (event.key === '-') {
      setCrop((c) => ({ ...c, zoom: Math.max(1, c.zoom - 0.1) }));
    }
  };

  const finish = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const rect = cropRect(size, crop);
      const out = outputSize(rect);
      const canvas = document.createElement('canvas');
      canvas.width = out.width;
      canvas.height = out.height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('This browser cannot prepare pictures.');
      context.imageSmoothingQuality = 'high';
      context.drawImage(image, rect.x, rect.y, rect.width, rect.height, 0, 0, out.width, out.height);
      onDone(await toBlob(canvas));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The picture could not be prepared.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs" data-testid="thumbnail-cropper">
      <Text size="sm" fw={500}>
        Choose the part to show
      </Text>
      <Box maw={PREVIEW_WIDTH}>
        <canvas
          ref={canvasRef}
          width={PREVIEW_WIDTH}
          height={PREVIEW_HEIGHT}
          tabIndex={0}
          role="img"
          aria-label="Crop preview. Drag, or use the arrow keys, to move the picture; plus and minus zoom."
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => (drag.current = null)}
          onPointerCancel={() => (drag.current = null)}
          onKeyDown={onKeyDown}
          style={{ width: '100%', height: 'auto', borderRadius: 'var(--mantine-radius-md)', cursor: 'grab', touchAction: 'none', display: 'block', background: 'var(--mantine-color-default-hover)' }}
        />
      </Box>
      <Box maw={PREVIEW_WIDTH}>
        <Text size="sm" id="thumbnail-zoom-label">
          Zoom
        </Text>
        <Slider
          aria-labelledby="thumbnail-zoom-label"
          min={1}
          max={MAX_ZOOM}
          step={0.05}
          value={crop.zoom}
          onChange={(zoom) => setCrop((c) => ({ ...c, zoom }))}
          label={(v) => `${v.toFixed(1)}×`}
          thumbLabel="Zoom"
        />
      </Box>
      {failure && (
        <Text size="sm" c="red" role="alert">
          {failure}
        </Text>
      )}
      <Group gap="xs">
        <Button size="xs" onClick={() => void finish()} loading={busy}>
          Use this crop
        </Button>
        <Button size="xs" variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
