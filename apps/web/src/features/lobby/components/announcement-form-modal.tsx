import { ANNOUNCEMENT_TEXT_MAX_LENGTH, type Announcement, type PostFileInput } from '@foyer/contract';
import {
  Button,
  Checkbox,
  CloseButton,
  FileInput,
  Group,
  Image,
  Modal,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useSession } from '../../../lib/session-store';
import { toast } from '../../../lib/toast';
import { useCreateAnnouncement, useUpdateAnnouncement } from '../api/announcements';
import { announcementFailure } from '../lib/failure-text';
import { imageProblem, readPostImage } from '../lib/post-image';
import { isoToLocalInput, localInputToIso, nextHourIso } from '../lib/when';
import '../i18n';

interface Props {
  eventId: number;
  /** null: a new announcement. */
  post: Announcement | null;
  opened: boolean;
  onClose(): void;
}

/** announcementCreate (A2.89): text, one jpeg/png image ≤ 2 MB, optional postAt; also edits (E7.42). */
export function AnnouncementFormModal({ eventId, post, opened, onClose }: Props) {
  const { t } = useTranslation();
  const mobile = useMediaQuery('(max-width: 767px)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={post ? t('lobby.announcement.editTitle') : t('lobby.announcement.createTitle')}
      size="lg"
      fullScreen={mobile}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="announcement-form-modal"
    >
      {opened && <AnnouncementForm eventId={eventId} post={post} onDone={onClose} />}
    </Modal>
  );
}

function AnnouncementForm({
  eventId,
  post,
  onDone,
}: {
  eventId: number;
  post: Announcement | null;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const zone = useSession((state) => state.user?.timezone ?? null);
  const create = useCreateAnnouncement(eventId);
  const update = useUpdateAnnouncement(eventId);
  const [text, setText] = useState(post?.text ?? '');
  const [textError, setTextError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [image, setImage] = useState<PostFileInput | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [keptUrl, setKeptUrl] = useState<string | null>(post?.files[0]?.url ?? null);
  const canSchedule = !post?.published;
  const [scheduled, setScheduled] = useState(Boolean(post && !post.published && post.postAt));
  const [postAt, setPostAt] = useState(isoToLocalInput(post?.postAt ?? nextHourIso(), zone));
  const [postAtError, setPostAtError] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;

  const pick = async (picked: File | null) => {
    setFile(picked);
    setImage(null);
    setFileError(null);
    if (!picked) return;
    const problem = imageProblem(picked); // E5.27, E5.28
    if (problem) {
      setFileError(t(problem));
      return;
    }
    try {
      setImage(await readPostImage(picked));
    } catch {
      setFileError(t('lobby.announcement.image.type'));
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    const at = scheduled ? localInputToIso(postAt, zone) : null;
    setTextError(trimmed ? null : t('lobby.announcement.textRequired')); // E5.26
    setPostAtError(scheduled && !at ? t('lobby.announcement.postAtInvalid') : null);
    if (!trimmed || fileError || (scheduled && !at)) return;
    const done = {
      onSuccess: () => {
        toast('success', t(post ? 'lobby.announcement.updated' : 'lobby.announcement.created'));
        onDone();
      },
      onError: (error: Error) => toast('error', announcementFailure(t, post ? 'update' : 'create', error)), // E8.39
    };
    const files = image ? [image] : [];
    if (!post) {
      create.mutate({ text: trimmed, files, postAt: at }, done);
      return;
    }
    const original = post.files[0]?.url;
    const removing = original && (keptUrl === null || image) ? [original] : [];
    update.mutate(
      {
        id: post.id,
        text: trimmed,
        ...(files.length ? { files } : {}),
        ...(removing.length ? { deleteFiles: removing } : {}),
        ...(canSchedule ? { postAt: at } : {}),
      },
      done,
    );
  };

  return (
    <form noValidate onSubmit={submit} data-testid="announcement-form">
      <Stack gap="md">
        <Textarea
          label={t('lobby.announcement.text')}
          required
          autosize
          minRows={4}
          maxRows={12}
          maxLength={ANNOUNCEMENT_TEXT_MAX_LENGTH}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setTextError(null);
          }}
          error={textError}
          data-autofocus
          data-testid="announcement-text-input"
        />
        {keptUrl && !file ? (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Image
              src={keptUrl}
              alt={t('lobby.announcement.currentImage')}
              radius="md"
              mah={160}
              w="auto"
              fit="contain"
            />
            <CloseButton
              aria-label={t('lobby.announcement.removeImage')}
              onClick={() => setKeptUrl(null)}
              data-testid="announcement-remove-image"
            />
          </Group>
        ) : (
          <FileInput
            label={t('lobby.announcement.imageLabel')}
            description={t('lobby.announcement.imageHint')}
            placeholder={t('lobby.announcement.imagePick')}
            styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            accept="image/png,image/jpeg"
            clearable
            leftSection={<IconPhoto size={18} aria-hidden />}
            value={file}
            onChange={pick}
            error={fileError}
            clearButtonProps={{ 'aria-label': t('lobby.announcement.removeImage') }}
            data-testid="announcement-image-input"
          />
        )}
        {image && (
          <Image src={image.data} alt={t('lobby.announcement.preview')} radius="md" mah={200} fit="contain" />
        )}
        {canSchedule && (
          <Stack gap="xs">
            <Checkbox
              label={t('lobby.announcement.schedule')}
              checked={scheduled}
              onChange={(e) => setScheduled(e.currentTarget.checked)}
              data-testid="announcement-schedule"
            />
            {scheduled && (
              <TextInput
                type="datetime-local"
                label={t('lobby.announcement.postAt')}
                value={postAt}
                onChange={(e) => setPostAt(e.currentTarget.value)}
                error={postAtError}
                required
                data-testid="announcement-post-at"
              />
            )}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('lobby.action.cancel')}
          </Button>
          <Button type="submit" loading={busy} data-testid="announcement-submit">
            {post
              ? t('lobby.action.save')
              : scheduled
                ? t('lobby.announcement.scheduleSubmit')
                : t('lobby.announcement.post')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
