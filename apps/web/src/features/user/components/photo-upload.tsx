import { PHOTO_MAX_BYTES } from '@foyer/contract';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { TranslationKey } from '../../../i18n/keys';
import { useTranslation } from '../../../i18n/react';
import { CropTooSmallError } from '../../../lib/crop-minimum';
import { imageRejectionKey, oneFileDrop } from '../../../lib/one-file-drop';
import { cropFile } from '../lib/square-crop';
import '../../../i18n/account';

const ACCEPT = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'] };

/** A2.92 Upload: one jpeg or png of at most 2 MB, cropped square in the browser. */
export function PhotoUpload({ onPicked }: { onPicked(dataUrl: string): void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<TranslationKey | null>(null);
  const [busy, setBusy] = useState(false);

  const drop = async (file: File) => {
    setError(null);
    setBusy(true);
    try {
      onPicked(await cropFile(file));
    } catch (failure) {
      setError(failure instanceof CropTooSmallError ? 'account.photo.tooSmall' : 'account.photo.type'); // E9.23
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Dropzone
        {...oneFileDrop(drop, (rejections) => setError(imageRejectionKey(rejections)))}
        accept={ACCEPT}
        maxSize={PHOTO_MAX_BYTES}
        loading={busy}
        aria-label={t('account.photo.dropLabel')}
        inputProps={{
          'aria-label': t('account.photo.dropLabel'),
          ...({ 'data-testid': 'photo-input' } as object),
        }}
        data-testid="photo-dropzone"
      >
        <Group justify="center" gap="md" mih={140} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={40} aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconPhoto size={40} aria-hidden />
          </Dropzone.Idle>
          <div>
            <Text fw={500}>{t('account.photo.drop')}</Text>
            <Text size="sm" c="gray.7" mt={4}>
              {t('account.photo.dropHint')}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {error && (
        <Alert color="red" role="alert" data-testid="photo-reject">
          {t(error)}
        </Alert>
      )}
    </Stack>
  );
}
