import type { Announcement } from '@foyer/contract';
import { Badge, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { formatDateTime } from '../../../lib/format-date';
import { useSession } from '../../../lib/session-store';
import '../i18n';

/** The text and image of an announcement; the feed clamps long texts, the info modal shows all. */
export function AnnouncementBody({ post, clamp }: { post: Announcement; clamp?: number }) {
  const { t } = useTranslation();
  const zone = useSession((state) => state.user?.timezone ?? null);
  const image = post.files[0];
  return (
    <Stack gap="sm">
      {!post.published && (
        <Badge variant="filled" color="blue.9" data-testid="announcement-scheduled">
          {t('lobby.announcement.scheduledFor', { date: formatDateTime(post.postAt, zone) })}
        </Badge>
      )}
      <Text
        size="sm"
        lineClamp={clamp}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        data-testid="announcement-text"
      >
        {post.text}
      </Text>
      {image && (
        <Image
          src={image.url}
          alt={t('lobby.announcement.imageAlt', { name: post.author?.fullName ?? '' })}
          radius="md"
          mah={clamp ? 280 : 480}
          fit="contain"
          bg="gray.1"
          data-testid="announcement-image"
        />
      )}
    </Stack>
  );
}
