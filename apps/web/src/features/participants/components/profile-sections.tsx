import { type EventDetails, type ParticipantProfile, websiteHref } from '@foyer/contract';
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
  IconMail,
  IconMapPin,
  IconPhone,
  IconWorld,
  type TablerIcon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import '../i18n';

type Level = 2 | 3 | 4;

function Section({
  title,
  level,
  children,
  testId,
}: {
  title: string;
  level: Level;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Stack gap={4} data-testid={testId}>
      <Title order={level} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const SOCIAL: Record<string, TablerIcon> = {
  linkedin: IconBrandLinkedin,
  twitter: IconBrandX,
  facebook: IconBrandFacebook,
  instagram: IconBrandInstagram,
};

/** A link without http(s) gets https:// in front, so only web links are ever followed. */
const safeUrl = (value: string) => (/^https?:\/\//i.test(value) ? value : `https://${value}`);

/** The answers to the event's questions, named: "Industry: Health" (E3.03; 'No info' when none, E8.62). */
export function categoryLines(profile: ParticipantProfile, event: EventDetails | undefined) {
  const names = new Map((event?.categories ?? []).map((c) => [c.id, c.name]));
  return profile.categories.map((value) => ({
    id: value.categoryId,
    question: names.get(value.categoryId) ?? '',
    answers:
      value.type === 'text'
        ? [value.value ?? '']
        : (value.selectedCategoryIds ?? []).map((id) => names.get(id)).filter((n): n is string => Boolean(n)),
  }));
}

/** E3.01: about, offer and seek, categories, links and (for organizers and oneself) contact details. */
export function ProfileSections({
  profile,
  event,
  level,
}: {
  profile: ParticipantProfile;
  event: EventDetails | undefined;
  level: Level;
}) {
  const { t } = useTranslation();
  const categories = categoryLines(profile, event);
  const socials = Object.entries(profile.some ?? {}).filter(([, url]) => url);
  const links: { key: string; icon: TablerIcon; label: string; href?: string }[] = [];
  // E3.01: a link only for a web address; other text saved before it was checked shows as text.
  if (profile.website)
    links.push({
      key: 'website',
      icon: IconWorld,
      label: profile.website,
      href: websiteHref(profile.website) ?? undefined,
    });
  for (const [network, url] of socials)
    links.push({
      key: network,
      icon: SOCIAL[network] ?? IconWorld,
      label: t(`attendees.profile.social.${network}`, { defaultValue: network }),
      href: safeUrl(url),
    });
  if (profile.city) links.push({ key: 'city', icon: IconMapPin, label: profile.city });
  if (profile.userEmail)
    links.push({
      key: 'email',
      icon: IconMail,
      label: profile.userEmail,
      href: `mailto:${profile.userEmail}`,
    });
  if (profile.phone)
    links.push({ key: 'phone', icon: IconPhone, label: profile.phone, href: `tel:${profile.phone}` });

  return (
    <Stack gap="md">
      {profile.biography && (
        <Section title={t('attendees.profile.about')} level={level} testId="attendee-bio">
          <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{profile.biography}</Text>
        </Section>
      )}
      {profile.offer && (
        <Section title={t('attendees.profile.offer')} level={level} testId="attendee-offer">
          <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{profile.offer}</Text>
        </Section>
      )}
      {profile.seek && (
        <Section title={t('attendees.profile.seek')} level={level} testId="attendee-seek">
          <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{profile.seek}</Text>
        </Section>
      )}
      <Section title={t('attendees.profile.categories')} level={level} testId="attendee-categories">
        {categories.length === 0 ? (
          <Text c="dimmed">{t('attendees.profile.noInfo')}</Text>
        ) : (
          <Stack gap={6}>
            {categories.map((line) => (
              <Group key={line.id} gap={6} wrap="wrap">
                {line.question && (
                  <Text size="sm" fw={600}>
                    {line.question}:
                  </Text>
                )}
                {line.answers.map((answer) => (
                  <Badge key={answer} variant="light" color="gray" tt="none">
                    {answer}
                  </Badge>
                ))}
              </Group>
            ))}
          </Stack>
        )}
      </Section>
      {links.length > 0 && (
        <Section title={t('attendees.profile.links')} level={level} testId="attendee-links">
          <Stack gap={4}>
            {links.map(({ key, icon: Icon, label, href }) => (
              <Group key={key} gap="xs" wrap="nowrap">
                <Icon size={18} aria-hidden style={{ flex: 'none' }} />
                {href ? (
                  <Anchor
                    href={href}
                    target={key === 'email' || key === 'phone' ? undefined : '_blank'}
                    rel="noopener noreferrer"
                    size="sm"
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {label}
                  </Anchor>
                ) : (
                  <Text size="sm">{label}</Text>
                )}
              </Group>
            ))}
          </Stack>
        </Section>
      )}
    </Stack>
  );
}
