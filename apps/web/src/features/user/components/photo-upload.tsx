import { PHOTO_MAX_BYTES } from '@foyer/contract';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../i18n/keys';
import { CropTooSmallError } from '../../../lib/crop-minimum';
import { cropFile } from '../lib/square-crop';
import '../../../i18n/account';

const ACCEPT = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'] };

/** The key for the first reason a picked file was refused (A5.33–A5.35). */
function rejectionKey(rejections: FileRejection[]): TranslationKey {
  if (rejections.length > 1) return 'account.photo.oneFile';
  const code = rejections[0]?.errors[0]?.code;
  if (code === 'file-too-large') return 'account.photo.large';
  if (code === 'too-many-files') return 'account.photo.oneFile';
  return 'account.photo.type';
}

/** A2.92 Upload: one jpeg or png of at most 2 MB, cropped square in the browser. */
export function PhotoUpload({ onPicked }: { onPicked(dataUrl: string): void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<TranslationKey | null>(null);
  const [busy, setBusy] = useState(false);

  const drop = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
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
        // A5.34: one file. The drop library keeps the first of several and refuses the rest; a drop
        // with any refused file takes none, so what is cropped is never a guess among several.
        onDropAny={(files, rejections) =>
          rejections.length > 0 ? setError(rejectionKey(rejections)) : void drop(files)
        }
        onDrop={() => {}}
        accept={ACCEPT}
        maxSize={PHOTO_MAX_BYTES}
        maxFiles={1}
        multiple={false}
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
