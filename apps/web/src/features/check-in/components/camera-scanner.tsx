import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Stack, Text } from '@mantine/core';
import { IconCamera, IconCameraOff } from '@tabler/icons-react';
import { TICKET_CODE_PREFIX } from '@hubbub/contract';

/** How often a frame is read, and how long the same code is ignored after it was read (a ticket held up stays in view). */
const FRAME_MS = 150;
const SAME_CODE_MS = 4_000;
/** Frames are read at most this wide: enough for a phone-screen QR code at arm's length, cheap on a slow phone. */
const READ_WIDTH = 640;

type Reader = (frame: ImageData) => Promise<string | null>;

/** The browser's own BarcodeDetector where it has one (Android, ChromeOS, macOS); jsQR, loaded on first use, elsewhere. */
async function makeReader(): Promise<Reader> {
  const Native = (globalThis as { BarcodeDetector?: new (o: { formats: string[] }) => { detect(i: ImageData): Promise<{ rawValue: string }[]> } }).BarcodeDetector;
  if (Native) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (frame) => (await detector.detect(frame))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  return async (frame) => jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError') return 'The browser was not allowed to use the camera. Allow it in the site settings, or use a scanner or the name list.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'This device has no camera to use. Use a scanner or the name list.';
  return 'The camera could not be started. Use a scanner or the name list.';
}

/** Reads ticket codes from the camera while open; each new code goes to `onCode`. */
function CameraView({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const handler = useRef(onCode);
  useEffect(() => {
    handler.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const last = { code: '', at: 0 };
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    void (async () => {
      try {
        const [media, read] = await Promise.all([navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }), makeReader()]);
        stream = media;
        if (stopped || !video.current || !context) return media.getTracks().forEach((t) => t.stop());
        video.current.srcObject = media;
        await video.current.play();
        const tick = async () => {
          const v = video.current;
          if (stopped || !v) return;
          if (v.videoWidth) {
            const scale = Math.min(1, READ_WIDTH / v.videoWidth);
            canvas.width = Math.round(v.videoWidth * scale);
            canvas.height = Math.round(v.videoHeight * scale);
            context.drawImage(v, 0, 0, canvas.width, canvas.height);
            const text = await read(context.getImageData(0, 0, canvas.width, canvas.height)).catch(() => null);
            const now = Date.now();
            if (text?.startsWith(TICKET_CODE_PREFIX) && (text !== last.code || now - last.at > SAME_CODE_MS)) {
              last.code = text;
              last.at = now;
              handler.current(text);
            } else if (text === last.code) {
              last.at = now;
            }
          }
          if (!stopped) timer = window.setTimeout(() => void tick(), FRAME_MS);
        };
        void tick();
      } catch (error) {
        if (!stopped) setProblem(cameraProblem(error));
      }
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  if (problem) {
    return (
      <Alert color="yellow" icon={<IconCameraOff size={18} aria-hidden />} data-testid="camera-problem">
        {problem}
      </Alert>
    );
  }
  return (
    <Box pos="relative" style={{ borderRadius: 8, overflow: 'hidden', background: 'black', aspectRatio: '4 / 3' }}>
      <video ref={video} muted playsInline style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} aria-label="Camera view: hold a ticket's QR code in the frame" data-testid="camera-view" />
    </Box>
  );
}

/** The camera as a scanner: off until the door turns it on (it asks for permission, and uses the battery). */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="xs">
      <Button variant={open ? 'default' : 'light'} leftSection={open ? <IconCameraOff size={16} aria-hidden /> : <IconCamera size={16} aria-hidden />} onClick={() => setOpen((o) => !o)} w="fit-content">
        {open ? 'Stop the camera' : 'Scan with the camera'}
      </Button>
      {open && (
        <>
          <CameraView onCode={onCode} />
          <Text size="xs" c="dimmed">
            Hold the ticket’s QR code in the frame; each new ticket is checked in as soon as it is read.
          </Text>
        </>
      )}
    </Stack>
  );
}
