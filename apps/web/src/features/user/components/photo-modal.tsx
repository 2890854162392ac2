import '@mantine/dropzone/styles.css';
import { Alert, Button, Group, Image, Modal, Stack, Tabs, Text } from '@mantine/core';
import { IconCamera, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useUpdateProfile } from '../../../lib/profile';
import { toast } from '../../../lib/toast';
import { photoErrorText } from '../lib/photo-error';
import { PhotoSnap } from './photo-snap';
import { PhotoUpload } from './photo-upload';
import '../../../i18n/account';

/**
 * A2.92: photo update with tabs Upload and Snap. Both produce a square JPEG of at most 700×700
 * (A5.36, A5.37) that is previewed before it is saved.
 */
export function PhotoModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const [tab, setTab] = useState<string | null>('upload');
  const [preview, setPreview] = useState<string | null>(null);

  const choose = (dataUrl: string) => {
    update.reset();
    setPreview(dataUrl);
  };

  const save = () => {
    if (!preview) return;
    update.mutate(
      { action: 'photo', image: preview },
      {
        onSuccess() {
          toast('success', t('account.photo.success')); // A8.34
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={opened}
      onClose={onClose}
      title={t('account.photo.title')}
      size="md"
      centered
    >
      {preview ? (
        <Stack gap="md" align="center" data-testid="photo-preview">
          <Image src={preview} alt={t('account.photo.previewAlt')} w={220} h={220} radius={220} />
          {update.error && (
            <Alert color="red" role="alert" w="100%" data-testid="photo-error">
              {photoErrorText(update.error, t)}
            </Alert>
          )}
          <Group justify="flex-end" w="100%">
            <Button variant="default" onClick={() => setPreview(null)}>
              {t('account.photo.again')}
            </Button>
            <Button onClick={save} loading={update.isPending} data-testid="photo-save">
              {t('account.photo.save')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="upload" leftSection={<IconUpload size={16} aria-hidden />}>
              {t('account.photo.upload')}
            </Tabs.Tab>
            <Tabs.Tab
              value="snap"
              leftSection={<IconCamera size={16} aria-hidden />}
              data-testid="photo-tab-snap"
            >
              {t('account.photo.snap')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="upload">
            <PhotoUpload onPicked={choose} />
          </Tabs.Panel>
          <Tabs.Panel value="snap">
            <PhotoSnap onTaken={choose} />
          </Tabs.Panel>
        </Tabs>
      )}
      <Text size="xs" c="gray.7" mt="md">
        {t('account.photo.rules')}
      </Text>
    </Modal>
  );
}
