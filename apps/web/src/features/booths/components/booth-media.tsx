import { BOOTH_VIDEO_TYPE, type BoothDocument, boothVideo } from '@foyer/contract';
import { Anchor, AspectRatio, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconFileText, IconVideo } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import type { documentLinks } from '../lib/document-links';
import '../i18n';

/** E2.57: the first document of type bvideo plays as the booth's video. */
export function BoothVideo({ documents, boothName }: { documents: BoothDocument[]; boothName: string }) {
  const { t } = useTranslation();
  const video = boothVideo(documents);
  if (!video) return null;
  const title = t('expo.detail.videoTitle', { booth: boothName });
  return (
    <AspectRatio ratio={16 / 9} data-testid="booth-video">
      {video.kind === 'iframe' ? (
        <iframe
          src={video.src}
          title={title}
          style={{ border: 0, borderRadius: 'var(--mantine-radius-md)' }}
          allow="encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-presentation"
        />
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: exhibitors upload their own videos without captions.
        <video src={video.src} controls preload="metadata" aria-label={title} style={{ borderRadius: 8 }} />
      )}
    </AspectRatio>
  );
}

/** E2.56: the booth's documents as links (the one playing as the video is not repeated). */
export function BoothDocuments({ links }: { links: ReturnType<typeof documentLinks> }) {
  const { t } = useTranslation();
  return (
    <Stack
      gap={6}
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      data-testid="booth-documents"
    >
      {links.map((d) => {
        const Icon = d.type === BOOTH_VIDEO_TYPE ? IconVideo : IconFileText;
        return (
          <li key={d.i}>
            <Group gap="xs" wrap="nowrap">
              <Icon size={18} aria-hidden style={{ flexShrink: 0 }} />
              <Anchor
                href={d.href}
                target="_blank"
                rel="noopener noreferrer"
                style={{ overflowWrap: 'anywhere' }}
              >
                {d.name}
                <IconExternalLink size={12} aria-hidden style={{ marginLeft: 4 }} />
                <VisuallyHidden>{` (${t('expo.detail.newTab')})`}</VisuallyHidden>
              </Anchor>
              <Text size="xs" c="gray.7" tt="uppercase">
                {d.type}
              </Text>
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}
