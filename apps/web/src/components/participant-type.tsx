import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from '../i18n/react';
import { participantTypeText, type TypeText, upperTypeText } from '../i18n/type-label';
import { useCurrentEvent } from '../lib/use-current-event';

/** The current event's type label with the language it is written in, for lists and selects. */
export function useParticipantTypeText(): (name: string) => TypeText {
  const { t, i18n } = useTranslation();
  const event = useCurrentEvent();
  return (name) =>
    participantTypeText(
      name,
      t,
      i18n.resolvedLanguage,
      event?.defaultLanguage,
      event?.participantTypes.find((type) => type.name === name)?.texts,
    );
}

/**
 * A participant's type as a badge, upper-cased in the label's language; `lang` tells screen
 * readers when that is not the page's.
 */
export function ParticipantTypeBadge({ name, ...props }: { name: string } & BadgeProps) {
  const { i18n } = useTranslation();
  const label = useParticipantTypeText()(name);
  return (
    <Badge
      {...props}
      tt="none"
      lang={label.lang === i18n.resolvedLanguage ? undefined : label.lang}
      data-testid="attendee-type"
    >
      {upperTypeText(label)}
    </Badge>
  );
}
