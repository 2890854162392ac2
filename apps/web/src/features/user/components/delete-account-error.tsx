import { Alert, Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { deleteErrorText, eventsToHandOver } from '../lib/delete-error';

/**
 * Why the account was not deleted, in the user's language. A4.34: when the account is the only owner
 * of events, each one is named, linked to its console's People page where another owner is made.
 * Its texts are the account area's, which DeleteAccount loads.
 */
export function DeleteAccountError({ error }: { error: Error }) {
  const { t } = useTranslation();
  const events = eventsToHandOver(error);
  return (
    <Alert color="red" role="alert" data-testid="delete-error">
      <Text size="sm">{deleteErrorText(error, t)}</Text>
      {events.length > 0 && (
        <List size="sm" mt="xs" data-testid="delete-owned-events">
          {events.map((event) => (
            <List.Item key={event.id}>
              <Anchor component={Link} to={event.href} size="sm">
                {event.name}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
