import type { BoothDetails, BoothImageKind } from '@foyer/contract';
import { Button, Grid, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconPhotoEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { BoothImageModal } from './booth-image-modal';
import { BoothLogo } from './booth-logo';
import '../i18n';

/** A2.93: the booth's logo (700:700) and banner (1260:250), each with its change button. */
export function BoothImages({ booth }: { booth: BoothDetails }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<BoothImageKind | null>(null);
  const change = (k: BoothImageKind) => (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconPhotoEdit size={14} aria-hidden />}
      onClick={() => setKind(k)}
      data-testid={`booth-change-${k}`}
    >
      {t(`expo.image.change.${k}`)}
    </Button>
  );
  return (
    <>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Paper withBorder radius="md" p="md" h="100%">
            <Stack gap="sm" align="flex-start">
              <Text fw={600}>{t('expo.image.logo')}</Text>
              <BoothLogo src={booth.images.logo} name={booth.boothName} size={112} />
              {change('logo')}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Paper withBorder radius="md" p="md" h="100%">
            <Stack gap="sm" align="flex-start">
              <Text fw={600}>{t('expo.image.banner')}</Text>
              {booth.images.banner ? (
                <Image
                  src={booth.images.banner}
                  alt=""
                  radius="md"
                  w="100%"
                  style={{ aspectRatio: '1260 / 250', objectFit: 'cover' }}
                  data-testid="booth-form-banner"
                />
              ) : (
                <Group
                  w="100%"
                  justify="center"
                  style={{
                    aspectRatio: '1260 / 250',
                    borderRadius: 'var(--mantine-radius-md)',
                    background: 'var(--mantine-color-gray-1)',
                  }}
                >
                  <Text size="sm" c="gray.7">
                    {t('expo.image.noBanner')}
                  </Text>
                </Group>
              )}
              {change('banner')}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <BoothImageModal booth={booth} kind={kind} onClose={() => setKind(null)} />
    </>
  );
}
