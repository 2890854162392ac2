import type { ContactExchangeState } from '@foyer/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import '../i18n';

// Dark shades under white text: at least 5:1 (WCAG AA for the badge's small bold text).
const COLORS: Record<ContactExchangeState, string> = {
  fresh: 'gray.7',
  sent: 'blue.9',
  received: 'grape.9',
  accepted: 'teal.9',
  rejected: 'red.9',
};

/** E4.62: where the exchange with a contact stands. */
export function ExchangeBadge({ state }: { state: ContactExchangeState | null }) {
  const { t } = useTranslation();
  if (!state) return null;
  return (
    <Badge variant="filled" color={COLORS[state]} size="sm" data-testid="contact-exchange" data-state={state}>
      {t(`contacts.exchange.${state}`)}
    </Badge>
  );
}
