import { Alert, AspectRatio, Button, Center, Group, Stack, Text } from '@mantine/core';
import { IconCamera, IconCameraOff } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { cropToDataUrl } from '../lib/square-crop';
import '../../../i18n/account';

type CameraState = 'idle' | 'starting' | 'live' | 'unavailable' | 'denied' | 'failed';

function cameraSupported(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** A2.92 Snap: a frame from the camera, cropped square like an upload. */
export function PhotoSnap({ onTaken }: { onTaken(dataUrl: string): void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>(cameraSupported() ? 'idle' : 'unavailable');

  const stop = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
  }, []);
  // The camera light must go off when the tab or the modal closes.
  useEffect(() => stop, [stop]);

  const start = async () => {
    setState('starting');
    try {
      const media = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: false,
      });
      stream.current = media;
      if (video.current) {
        video.current.srcObject = media;
        await video.current.play();
      }
      setState('live');
    } catch (error) {
      stop();
      const name = (error as DOMException).name;
      setState(
        name === 'NotAllowedError' || name === 'SecurityError'
          ? 'denied'
          : name === 'NotFoundError' || name === 'OverconstrainedError'
            ? 'unavailable'
            : 'failed',
      );
    }
  };

  const take = () => {
    const element = video.current;
    if (!element || element.videoWidth === 0) return;
    try {
      const dataUrl = cropToDataUrl(element, element.videoWidth, element.videoHeight);
      stop();
      onTaken(dataUrl);
    } catch {
      setState('failed');
    }
  };

  if (state === 'unavailable' || state === 'denied') {
    return (
      <Alert color="orange" icon={<IconCameraOff size={18} aria-hidden />} data-testid="snap-unavailable">
        {t(state === 'denied' ? 'account.photo.cameraDenied' : 'account.photo.cameraUnavailable')}
      </Alert>
    );
  }

  return (
    <Stack gap="sm">
      <AspectRatio
        ratio={1}
        maw={320}
        mx="auto"
        w="100%"
        bg="dark.8"
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      >
        <video
          ref={video}
          muted
          playsInline
          aria-label={t('account.photo.cameraPreview')}
          style={{
            objectFit: 'cover',
            transform: 'scaleX(-1)',
            display: state === 'live' ? 'block' : 'none',
          }}
        />
        {state !== 'live' && (
          <Center p="md">
            <Text c="white" ta="center" size="sm">
              {t('account.photo.cameraIntro')}
            </Text>
          </Center>
        )}
      </AspectRatio>
      {state === 'failed' && (
        <Alert color="red" role="alert">
          {t('account.photo.cameraFailed')}
        </Alert>
      )}
      <Group justify="center">
        {state === 'live' ? (
          <Button leftSection={<IconCamera size={16} aria-hidden />} onClick={take} data-testid="snap-take">
            {t('account.photo.take')}
          </Button>
        ) : (
          <Button
            variant="light"
            leftSection={<IconCamera size={16} aria-hidden />}
            onClick={start}
            loading={state === 'starting'}
            data-testid="snap-start"
          >
            {t('account.photo.startCamera')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
