import { Alert, AspectRatio, Box, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconCameraOff, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { decode, prepareDecoder } from './decoder';
import {
  CAMERA_ASPECT,
  CAMERA_CONSTRAINTS,
  CAMERA_ZOOM,
  cameraErrorKind,
  frameRegion,
  SameCodeGate,
  SCAN_BOX_PX,
  SCAN_EVERY_MS,
} from './scanner-rules';
import type { CameraError, QrScannerProps } from './types';

type ZoomCapabilities = MediaTrackCapabilities & { zoom?: { min: number; max: number } };

function stopTracks(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** E9.29: zoom 3 where the camera can zoom (most phones' rear cameras); elsewhere as it is. */
async function zoomIn(stream: MediaStream): Promise<void> {
  const [track] = stream.getVideoTracks();
  const zoom = (track?.getCapabilities?.() as ZoomCapabilities | undefined)?.zoom;
  if (!track || !zoom) return;
  const value = Math.min(Math.max(CAMERA_ZOOM, zoom.min), zoom.max);
  // `zoom` is not in TypeScript's DOM constraint types yet.
  await track
    .applyConstraints({ advanced: [{ zoom: value } as MediaTrackConstraintSet] })
    .catch(() => undefined);
}

/** The camera, its preview with the scan box, and the decoding loop (see ./index.tsx). */
export function QrScannerView({ onCode, paused = false, messages, onError, ...rest }: QrScannerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'live' | 'error'>('starting');
  const [error, setError] = useState<CameraError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef({ onCode, onError, paused });
  latest.current = { onCode, onError, paused };

  useEffect(() => {
    // `attempt` restarts the camera after an error ("Try again").
    void attempt;
    const el = video.current;
    if (!el) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gate = new SameCodeGate();
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    setState('starting');
    setError(null);

    // E9.26: about 10 reads a second; a slow read delays the next one instead of piling up.
    const tick = async () => {
      if (stopped) return;
      const began = performance.now();
      const region = frameRegion(
        { width: el.videoWidth, height: el.videoHeight },
        { width: el.clientWidth, height: el.clientHeight },
      );
      if (ctx && region && el.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        canvas.width = region.size;
        canvas.height = region.size;
        ctx.drawImage(el, region.x, region.y, region.size, region.size, 0, 0, region.size, region.size);
        const code = await decode(ctx.getImageData(0, 0, region.size, region.size)).catch(() => null);
        // While paused the gate still sees the code, so a badge left in view is not read again at once.
        if (code && !stopped && gate.accept(code, Date.now()) && !latest.current.paused) {
          latest.current.onCode(code);
        }
      }
      if (!stopped) timer = setTimeout(tick, Math.max(0, SCAN_EVERY_MS - (performance.now() - began)));
    };

    const start = async () => {
      try {
        const decoderReady = prepareDecoder();
        decoderReady.catch(() => undefined); // awaited below; no unhandled rejection meanwhile
        if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('No camera API', 'NotFoundError');
        const media = await navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
        if (stopped) return stopTracks(media);
        stream = media;
        await zoomIn(media);
        el.srcObject = media;
        await el.play();
        await decoderReady;
        if (stopped) return;
        setState('live');
        void tick();
      } catch (e) {
        if (stopped) return;
        stopTracks(stream);
        stream = null;
        const failure: CameraError = {
          kind: cameraErrorKind(e),
          name: (e as { name?: string } | null)?.name ?? 'Error',
          message: e instanceof Error ? e.message : String(e),
        };
        setError(failure);
        setState('error');
        latest.current.onError?.(failure); // E8.22
      }
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopTracks(stream);
      el.srcObject = null;
    };
  }, [attempt]);

  const shown = state === 'live' && paused ? 'paused' : state;
  return (
    <Stack gap="xs" data-testid={rest['data-testid'] ?? 'qr-scanner'} data-state={shown}>
      <AspectRatio
        ratio={CAMERA_ASPECT}
        maw={480}
        w="100%"
        mx="auto"
        style={{
          borderRadius: 'var(--mantine-radius-md)',
          overflow: 'hidden',
          background: '#000',
          // Kept in the page on an error, so "Try again" starts the same video element.
          display: state === 'error' ? 'none' : undefined,
        }}
      >
        <Box pos="relative">
          <video
            ref={video}
            aria-label={messages.preview}
            muted
            playsInline
            style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
          {/* E9.27: the scan box; what lies outside it is shaded and not read. */}
          <Box
            aria-hidden
            pos="absolute"
            style={{
              top: '50%',
              left: '50%',
              width: `min(${SCAN_BOX_PX}px, ${80 / CAMERA_ASPECT}%)`,
              aspectRatio: '1',
              transform: 'translate(-50%, -50%)',
              border: '3px solid rgba(255, 255, 255, 0.9)',
              borderRadius: 12,
              boxShadow: '0 0 0 100vmax rgba(0, 0, 0, 0.35)',
            }}
          />
          {shown !== 'live' && (
            <Center pos="absolute" inset={0} bg="rgba(0, 0, 0, 0.55)">
              {shown === 'starting' ? (
                <Loader color="gray.2" size="sm" aria-label={messages.starting} />
              ) : (
                <Text c="white" fw={600} ta="center" px="md">
                  {messages.paused}
                </Text>
              )}
            </Center>
          )}
        </Box>
      </AspectRatio>
      {error && (
        // E8.21: camera errors in a negative box.
        <Alert color="red" variant="light" role="alert" icon={<IconCameraOff size={18} aria-hidden />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{messages.errors[error.kind]}</Text>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => setAttempt((n) => n + 1)}
            >
              {messages.retry}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
