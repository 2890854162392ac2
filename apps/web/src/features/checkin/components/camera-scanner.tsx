import { Alert, Button, Stack } from '@mantine/core';
import { IconCamera, IconCameraOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n';

/** The part of the browser's BarcodeDetector this scanner uses (not in TypeScript's DOM types yet). */
interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

const SCAN_EVERY_MS = 100; // ~10 fps (E9.x scanner)
const SAME_CODE_PAUSE_MS = 2000; // lookup throttle

function detectorClass(): DetectorClass | null {
  const candidate = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  return typeof candidate === 'function' ? candidate : null;
}

/** Camera scanning where the browser can read QR codes itself; hidden elsewhere (handheld still works). */
export function CameraScanner({ onCode }: { onCode(code: string): void }) {
  const { t } = useTranslation();
  const [on, setOn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    const Detector = detectorClass();
    if (!on || !Detector) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let last = { code: '', at: 0 };
    let stopped = false;
    const detector = new Detector({ formats: ['qr_code', 'code_128'] });
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment', aspectRatio: 4 / 3 } })
      .then(async (media) => {
        if (stopped) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        stream = media;
        const el = video.current;
        if (!el) return;
        el.srcObject = media;
        await el.play();
        timer = setInterval(async () => {
          const found = (await detector.detect(el).catch(() => []))[0]?.rawValue;
          const now = Date.now();
          if (!found || (found === last.code && now - last.at < SAME_CODE_PAUSE_MS)) return;
          last = { code: found, at: now };
          latest.current(found);
        }, SCAN_EVERY_MS);
      })
      .catch((e: unknown) => {
        // E8.21, E8.22: shown in a negative box and kept until the next start.
        setError(e instanceof Error ? e.message : String(e));
        setOn(false);
      });
    return () => {
      stopped = true;
      clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [on]);

  if (!detectorClass()) return null;
  return (
    <Stack gap="xs">
      <Button
        variant="default"
        leftSection={on ? <IconCameraOff size={18} aria-hidden /> : <IconCamera size={18} aria-hidden />}
        onClick={() => {
          setError(null);
          setOn((v) => !v);
        }}
      >
        {on ? t('checkIn.camera.stop') : t('checkIn.camera.start')}
      </Button>
      {on && (
        <video
          ref={video}
          aria-label={t('checkIn.camera.label')}
          muted
          playsInline
          style={{ width: '100%', maxWidth: 320, aspectRatio: '4 / 3', alignSelf: 'center', borderRadius: 8 }}
        />
      )}
      {error && (
        <Alert color="red" role="alert">
          {t('checkIn.camera.error', { message: error })}
        </Alert>
      )}
    </Stack>
  );
}
