import { AspectRatio, Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { CAMERA_ASPECT } from './scanner-rules';
import type { QrScannerProps } from './types';

export type { CameraError, CameraErrorKind, QrScannerMessages, QrScannerProps } from './types';

// The decoder (zxing-wasm and its .wasm file) loads only when a scanner is shown: never on a first route.
const View = lazy(async () => ({ default: (await import('./qr-scanner-view')).QrScannerView }));

/**
 * Reads QR codes with the camera in every browser (E9.26–E9.31): rear camera, 4:3, a 250×250 scan
 * box, 10 reads a second, a code read once per 2 s. Used by the door check-in and the contacts scanner.
 */
export function QrScanner(props: QrScannerProps) {
  return (
    <Suspense
      fallback={
        <AspectRatio ratio={CAMERA_ASPECT} maw={480} w="100%" mx="auto">
          <Center bg="dark.7" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            <Loader color="gray.2" size="sm" aria-label={props.messages.starting} />
          </Center>
        </AspectRatio>
      }
    >
      <View {...props} />
    </Suspense>
  );
}
