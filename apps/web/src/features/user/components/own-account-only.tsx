import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { useSession } from '../../../lib/session-store';
import '../../../i18n/account';

/**
 * A6.04: while a super user acts as this account, above the forms the server refuses then
 * (password, e-mail addresses, deleting the account: `assertNotActing`), who may change them. The
 * forms stay: a try shows the server's refusal (A8.14, A8.19). Nothing when not acting.
 */
export function OwnAccountOnly() {
  const { t } = useTranslation();
  const acting = useSession((s) => s.actorId !== null);
  const user = useSession((s) => s.user);
  if (!acting) return null;
  const name = `${user?.name ?? ''} ${user?.surname ?? ''}`.trim();
  return (
    <Alert
      role="note"
      color="yellow"
      variant="light"
      icon={<IconLock size={18} aria-hidden />}
      data-testid="own-account-only"
    >
      {t('account.acting.ownOnly', { name })}
    </Alert>
  );
}
