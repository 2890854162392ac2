import '@mantine/dropzone/styles.css';
import { BOOTH_IMAGE_SIZE, type BoothDetails, type BoothImageKind, PHOTO_MAX_BYTES } from '@foyer/contract';
import { Alert, Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useUploadBoothImage } from '../api/booths';
import { cropBoothImage } from '../lib/image-crop';
import '../i18n';
import type { TranslationKey } from '../../../i18n/keys';
import { CropTooSmallError } from '../../../lib/crop-minimum';
import { imageRejectionKey, oneFileDrop } from '../../../lib/one-file-drop';
import '../../../i18n/account';

const ACCEPT = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'] };

interface Props {
  booth: BoothDetails;
  kind: BoothImageKind | null;
  onClose(): void;
}

/**
 * A2.93 image upload (banner/logo): one jpeg or png, cropped from the centre in the browser to
 * 1260:250 (A9.08) or 700:700 (A9.09), previewed, then saved.
 */
export function BoothImageModal({ booth, kind, onClose }: Props) {
  const { t } = useTranslation();
  const upload = useUploadBoothImage();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<TranslationKey | null>(null);
  const [busy, setBusy] = useState(false);
  const size = kind ? BOOTH_IMAGE_SIZE[kind] : BOOTH_IMAGE_SIZE.logo;

  const close = () => {
    setPreview(null);
    setError(null);
    upload.reset();
    onClose();
  };

  const drop = async (file: File) => {
    if (!kind) return;
    setError(null);
    upload.reset();
    setBusy(true);
    try {
      setPreview(await cropBoothImage(file, kind));
    } catch (failure) {
      setError(failure instanceof CropTooSmallError ? 'account.photo.tooSmall' : 'account.photo.type'); // E9.23
    } finally {
      setBusy(false);
    }
  };

  const save = () => {
    if (!preview || !kind) return;
    upload.mutate(
      { eventId: booth.eventId, id: booth.id, kind, image: preview },
      {
        onSuccess() {
          toast('success', t(`expo.image.saved.${kind}`));
          close();
        },
      },
    );
  };

  const uploadError = upload.error
    ? upload.error instanceof ApiError && upload.error.fields?.image
      ? t(upload.error.fields.image, { defaultValue: upload.error.message, ...size })
      : upload.error.message || t('common.unknownError')
    : null;

  return (
    <Modal
      opened={kind !== null}
      onClose={close}
      title={kind ? t(`expo.image.title.${kind}`) : ''}
      size={kind === 'banner' ? 'lg' : 'md'}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {preview ? (
        <Stack gap="md" data-testid="booth-image-preview">
          <Image
            src={preview}
            alt={t('expo.image.previewAlt')}
            radius="md"
            maw={kind === 'logo' ? 240 : undefined}
            mx="auto"
            style={{
              aspectRatio: `${size.width} / ${size.height}`,
              border: '1px solid var(--mantine-color-gray-3)',
            }}
          />
          {uploadError && (
            <Alert color="red" role="alert" data-testid="booth-image-error">
              {uploadError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPreview(null)}>
              {t('expo.image.again')}
            </Button>
            <Button onClick={save} loading={upload.isPending} data-testid="booth-image-save">
              {t('expo.image.save')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Dropzone
            {...oneFileDrop(drop, (rejections) => setError(imageRejectionKey(rejections)))}
            accept={ACCEPT}
            maxSize={PHOTO_MAX_BYTES}
            loading={busy}
            aria-label={t('expo.image.dropLabel')}
            inputProps={{
              'aria-label': t('expo.image.dropLabel'),
              ...({ 'data-testid': 'booth-image-input' } as object),
            }}
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
                <Text fw={500}>{t('expo.image.drop')}</Text>
                <Text size="sm" c="gray.7" mt={4}>
                  {t('expo.image.dropHint')}
                </Text>
              </div>
            </Group>
          </Dropzone>
          {error && (
            <Alert color="red" role="alert" data-testid="booth-image-reject">
              {t(error)}
            </Alert>
          )}
        </Stack>
      )}
      <Text size="xs" c="gray.7" mt="md">
        {t(`expo.image.rules.${kind ?? 'logo'}`, size)}
      </Text>
    </Modal>
  );
}
