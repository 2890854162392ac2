import { BOOTH_TEXT_LIMIT, type BoothDetails, socialUrl, websiteHref } from '@foyer/contract';
import { Anchor, Badge, Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconMapPin, IconWorld } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { type DetailProps, DetailSkeleton } from '../../../components/detail-skeleton';
import { useTranslation } from '../../../i18n/react';
import { useEvent } from '../../../lib/use-event';
import { useBooth } from '../api/booths';
import { documentLinks } from '../lib/document-links';
import { useBoothTypeLabel } from './booth-card';
import { BoothLogo } from './booth-logo';
import { BoothDocuments, BoothVideo } from './booth-media';
import { BoothMembers } from './booth-members';
import { PopupTables } from './popup-tables';
import '../i18n';

/** A titled part of the detail: h2 on the page, h3 under the modal's own title. */
function Part({
  title,
  variant,
  children,
  testId,
}: {
  title: string;
  variant: DetailProps['variant'];
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Stack gap="xs" component="section" data-testid={testId}>
      <Title order={variant === 'page' ? 2 : 3} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** E9.41: the description cut at 200 characters in the modal (500 on the page), "read more" for the rest. */
function Description({ text, variant }: { text: string; variant: DetailProps['variant'] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const limit = BOOTH_TEXT_LIMIT[variant];
  const long = text.length > limit;
  return (
    <div data-testid="booth-description">
      <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {long && !open ? `${text.slice(0, limit).trimEnd()}…` : text}
      </Text>
      {long && (
        <Anchor component="button" type="button" size="sm" onClick={() => setOpen((v) => !v)}>
          {open ? t('expo.detail.readLess') : t('expo.detail.readMore')}
        </Anchor>
      )}
    </div>
  );
}

function Links({ booth }: { booth: BoothDetails }) {
  const { t } = useTranslation();
  const social = Object.entries(booth.some)
    .map(([name, value]) => [name, socialUrl(name, value)] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== null);
  // E3.17: the website links only when it is a web address (text saved before it was checked is left out).
  const website = websiteHref(booth.website);
  if (!website && !booth.location && social.length === 0) return null;
  return (
    <Group gap="md" wrap="wrap">
      {booth.location && (
        <Group gap={4} wrap="nowrap">
          <IconMapPin size={16} aria-hidden />
          <Text size="sm">{booth.location}</Text>
        </Group>
      )}
      {website && (
        <Group gap={4} wrap="nowrap">
          <IconWorld size={16} aria-hidden />
          <Anchor
            href={website}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            {website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
          </Anchor>
        </Group>
      )}
      {social.map(([name, url]) => (
        <Anchor key={name} href={url} target="_blank" rel="noopener noreferrer" size="sm">
          {t(`expo.social.${name}`, { defaultValue: name })}
        </Anchor>
      ))}
    </Group>
  );
}

/** A2.25, E2.11, E2.56, E2.57: the booth with banner, logo, description, video, documents, team and tables. */
export function BoothDetail(props: DetailProps) {
  const { eventId, id, variant } = props;
  const { t } = useTranslation();
  const query = useBooth(eventId, id);
  const me = useEvent(eventId).data?.me ?? null;
  const typeLabel = useBoothTypeLabel();

  if (query.isPending && query.fetchStatus !== 'idle') return <DetailSkeleton />;
  const booth = query.data;
  if (!booth) return props.fallback ?? null;

  // A pending invitation (not confirmed) does not make one staff yet (E6.27).
  const ownStaff =
    me?.boothId === booth.id && booth.members.some((m) => m.id === me.id && m.role !== 'not_confirmed');
  const links = documentLinks(booth.documents);
  const name =
    variant === 'page' ? (
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {booth.boothName}
      </Title>
    ) : (
      <Text fw={700} size="xl" style={{ overflowWrap: 'anywhere' }}>
        {booth.boothName}
      </Text>
    );

  return (
    <Stack gap="lg" data-testid="booth-detail" data-booth-id={booth.id}>
      {booth.images.banner && (
        <Image
          src={booth.images.banner}
          alt=""
          radius="md"
          style={{ aspectRatio: '1260 / 250', objectFit: 'cover' }}
          data-testid="booth-banner"
        />
      )}
      <Group wrap="nowrap" gap="md" align="center">
        <BoothLogo src={booth.images.logo} name={booth.boothName} size={variant === 'page' ? 96 : 80} />
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          {name}
          <Group gap="xs">
            <Badge variant="light" color="foyer">
              {typeLabel(booth.boothType)}
            </Badge>
          </Group>
        </Stack>
      </Group>
      {booth.canEdit && (ownStaff || me?.organizer) && (
        // E6.25: the booth's own managers (and organizers) edit it instead of asking for a meeting.
        <Group>
          <Button
            component={Link}
            to={`/event/${eventId}/company/profile${ownStaff ? '' : `?booth=${booth.id}`}`}
            leftSection={<IconEdit size={16} aria-hidden />}
            variant="light"
            data-testid="booth-edit"
          >
            {t('expo.detail.edit')}
          </Button>
        </Group>
      )}
      <Links booth={booth} />
      {booth.description && <Description text={booth.description} variant={variant} />}
      <BoothVideo documents={booth.documents} boothName={booth.boothName} />
      {links.length > 0 && (
        <Part title={t('expo.detail.documents')} variant={variant}>
          <BoothDocuments links={links} />
        </Part>
      )}
      {booth.members.length > 0 && (
        <Part title={t('expo.detail.team')} variant={variant} testId="booth-team">
          <BoothMembers
            eventId={eventId}
            members={booth.members}
            meId={me?.id ?? null}
            ownStaff={ownStaff}
            variant={variant}
          />
        </Part>
      )}
      {booth.popupMeetings.length > 0 && (
        <Part title={t('expo.detail.tables')} variant={variant} testId="booth-tables">
          <PopupTables eventId={eventId} boothId={booth.id} tables={booth.popupMeetings} />
        </Part>
      )}
      {variant === 'page' && (
        <Group>
          <Button component={Link} to={`/event/${eventId}/expo`} variant="default">
            {t('eventArea.backTo.expo')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
