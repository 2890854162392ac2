import {
  AA_CONTRAST,
  BOOTH_IMAGE_SIZE,
  contrastRatio,
  darkenUntilReadable,
  parseHexColor,
} from '@foyer/contract';
import { Alert, Box, Button, ColorInput, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { messageText } from '../../../i18n/keys';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { useUploadEventImage } from '../api/events';
import { type SectionProps, SettingsSection } from './settings-section';

/** Scales an image file down (never up) to fit `max`, as a PNG or JPEG data URL. */
export async function fitImage(file: File, max: { width: number; height: number }): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, max.width / bitmap.width, max.height / bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL(file.type === 'image/jpeg' ? 'image/jpeg' : 'image/png', 0.9);
}

/** A1.11: colours with a contrast check and the shade that will be used, logo and banner, live preview. */
export function BrandingSettings({ event }: SectionProps) {
  const { t } = useTranslation();
  const [primary, setPrimary] = useState(event.colors.primary ?? '#1c4f8c');
  const [secondary, setSecondary] = useState(event.colors.secondary ?? '');
  const valid = parseHexColor(primary) !== null;
  const ratio = valid ? contrastRatio(primary, '#ffffff') : 0;
  const used = valid ? darkenUntilReadable(primary) : '#1c4f8c';
  return (
    <SettingsSection
      eventId={event.id}
      title={t('organizer.settings.branding')}
      testId="settings-branding"
      build={() =>
        valid ? { colors: { primary, ...(parseHexColor(secondary) ? { secondary } : {}) } } : null
      }
    >
      {(errors) => (
        <Stack gap="md">
          <Group grow align="flex-start" wrap="wrap">
            <ColorInput
              label={t('organizer.settings.primary')}
              value={primary}
              onChange={setPrimary}
              format="hex"
              withEyeDropper={false}
              error={
                errors['colors.primary'] ?? (valid ? undefined : messageText(t, 'validation.error.color'))
              }
              data-testid="settings-primary"
            />
            <ColorInput
              label={t('organizer.settings.secondary')}
              value={secondary}
              onChange={setSecondary}
              format="hex"
              withEyeDropper={false}
            />
          </Group>
          {valid && (
            <Text size="sm" data-testid="settings-contrast" c={ratio >= AA_CONTRAST ? undefined : 'orange.9'}>
              {ratio >= AA_CONTRAST
                ? t('organizer.settings.contrastOk', { ratio: ratio.toFixed(1) })
                : t('organizer.settings.contrastLow', { ratio: ratio.toFixed(1), used })}
            </Text>
          )}
          <Group grow align="flex-start" wrap="wrap">
            <ImageUpload eventId={event.id} kind="logo" current={event.images.logo ?? null} />
            <ImageUpload eventId={event.id} kind="banner" current={event.images.banner ?? null} />
          </Group>
          <Preview
            name={event.name}
            color={used}
            logo={event.images.logo ?? null}
            banner={event.images.banner ?? null}
          />
        </Stack>
      )}
    </SettingsSection>
  );
}

function ImageUpload({
  eventId,
  kind,
  current,
}: {
  eventId: number;
  kind: 'logo' | 'banner';
  current: string | null;
}) {
  const { t } = useTranslation();
  const upload = useUploadEventImage(eventId);
  const max = BOOTH_IMAGE_SIZE[kind];
  const error =
    upload.error instanceof ApiError && upload.error.fields?.image
      ? messageText(t, upload.error.fields.image)
      : upload.error?.message;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t(`organizer.settings.${kind}`)}
      </Text>
      <Text size="xs" c="dimmed">
        {t('organizer.settings.imageHint', { width: max.width, height: max.height })}
      </Text>
      <FileButton
        accept="image/png,image/jpeg"
        onChange={(file) =>
          file && void fitImage(file, max).then((dataUrl) => upload.mutate({ kind, dataUrl }))
        }
      >
        {(props) => (
          <Button
            {...props}
            variant="default"
            loading={upload.isPending}
            data-testid={`settings-${kind}-upload`}
          >
            {current ? t('organizer.settings.replaceImage') : t('organizer.settings.uploadImage')}
          </Button>
        )}
      </FileButton>
      {error && (
        <Alert color="red" role="alert" p="xs">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

/** What the event's landing looks like with these colours and images. */
function Preview({
  name,
  color,
  logo,
  banner,
}: {
  name: string;
  color: string;
  logo: string | null;
  banner: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="md"
      style={{ overflow: 'hidden' }}
      data-testid="settings-preview"
      aria-label={t('organizer.settings.preview')}
    >
      {banner ? (
        <Image src={banner} alt="" h={90} fit="cover" />
      ) : (
        <Box h={90} style={{ background: color }} />
      )}
      <Group p="md" gap="md" wrap="nowrap">
        {logo && <Image src={logo} alt="" w={56} h={56} fit="contain" />}
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={700} truncate>
            {name}
          </Text>
          <Box
            px="sm"
            py={4}
            style={{ background: color, color: '#ffffff', borderRadius: 4, alignSelf: 'flex-start' }}
          >
            <Text size="sm" fw={600} c="inherit">
              {t('organizer.settings.previewButton')}
            </Text>
          </Box>
        </Stack>
      </Group>
    </Paper>
  );
}
