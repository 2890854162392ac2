import type { ConsoleParticipant, ParticipantType } from '@foyer/contract';
import { Button, Checkbox, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';

interface Props {
  people: ConsoleParticipant[];
  types: ParticipantType[];
  selected: Set<number>;
  onToggle(id: number): void;
  onToggleAll(checked: boolean): void;
  onEdit(person: ConsoleParticipant): void;
}

/** The participant list: one row a person, a checkbox each for the bulk actions. */
export function PeopleTable({ people, types, selected, onToggle, onToggleAll, onEdit }: Props) {
  const { t } = useTranslation();
  const typeName = (id: number | null) => types.find((type) => type.id === id)?.name ?? '—';
  const allChecked = people.length > 0 && people.every((p) => selected.has(p.id));
  const someChecked = people.some((p) => selected.has(p.id));
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover data-testid="people-table" aria-label={t('organizer.people.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('organizer.people.selectAll')}
                checked={allChecked}
                indeterminate={someChecked && !allChecked}
                onChange={(e) => onToggleAll(e.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th>{t('organizer.people.col.name')}</Table.Th>
            <Table.Th>{t('organizer.people.col.email')}</Table.Th>
            <Table.Th>{t('organizer.people.col.company')}</Table.Th>
            <Table.Th>{t('organizer.people.col.type')}</Table.Th>
            <Table.Th>{t('organizer.people.col.state')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('organizer.people.col.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((person) => {
            const fullName = `${person.name} ${person.surname}`.trim() || person.email;
            return (
              <Table.Tr key={person.id} data-testid="people-row">
                <Table.Td>
                  <Checkbox
                    aria-label={t('organizer.people.select', { name: fullName })}
                    checked={selected.has(person.id)}
                    onChange={() => onToggle(person.id)}
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {fullName}
                  </Text>
                  {person.organizerRole && (
                    <Text size="xs" c="gray.8">
                      {t(`organizer.role.${person.organizerRole}`)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {person.email}
                  </Text>
                </Table.Td>
                <Table.Td>{person.company}</Table.Td>
                <Table.Td>{typeName(person.typeId)}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={person.state === 'active' ? 400 : 600} data-state={person.state}>
                    {t(`organizer.people.state.${person.state}`)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => onEdit(person)}
                    aria-label={t('organizer.people.editPerson', { name: fullName })}
                  >
                    {t('organizer.people.edit')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
