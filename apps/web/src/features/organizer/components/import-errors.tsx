import type { ImportKind, ImportValidation } from '@foyer/contract';
import { Alert, Group, Table, Text } from '@mantine/core';
import { messageText } from '../../../i18n/keys';
import { useTranslation } from '../../../i18n/react';
import { fieldLabelKey } from './import-mapping';

/** Validation's answer: how many rows are good and bad, and each error by row and field. */
export function ImportErrors({
  validation,
  kind = 'attendees',
}: {
  validation: ImportValidation;
  kind?: ImportKind;
}) {
  const { t } = useTranslation();
  const more = validation.errorCount - validation.errors.length;
  return (
    <>
      <Group gap="lg" data-testid="import-counts">
        <Text fw={600} data-testid="import-good">
          {t('organizer.import.goodRows', { count: validation.goodCount })}
        </Text>
        <Text fw={600} c={validation.badCount ? 'red.8' : 'gray.7'} data-testid="import-bad">
          {t('organizer.import.badRows', { count: validation.badCount })}
        </Text>
      </Group>
      {validation.errors.length > 0 ? (
        <Table.ScrollContainer
          minWidth={320}
          type="native"
          tabIndex={0}
          role="region"
          aria-label={t('organizer.import.errorsCaption')}
        >
          <Table striped withTableBorder data-testid="import-errors">
            <Table.Caption>{t('organizer.import.errorsCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('organizer.import.row')}</Table.Th>
                <Table.Th scope="col">{t('organizer.import.field')}</Table.Th>
                <Table.Th scope="col">{t('organizer.import.problem')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {validation.errors.map((error) => (
                <Table.Tr key={`${error.row}-${error.field}`} data-testid="import-error">
                  <Table.Td>{error.row}</Table.Td>
                  <Table.Td>{t(fieldLabelKey(kind, error.field))}</Table.Td>
                  <Table.Td>{messageText(t, error.message)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Alert color="teal" data-testid="import-errors">
          {t('organizer.import.noErrors')}
        </Alert>
      )}
      {more > 0 && <Text size="sm">{t('organizer.import.moreErrors', { count: more })}</Text>}
    </>
  );
}
