import { Button, Group, Table, Title, type TitleProps, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/** A console section's heading (its `id` labels the section) with the section's add button. */
export function ConsoleSectionHeader({
  id,
  title,
  size,
  addLabel,
  addTestId,
  onAdd,
}: {
  id: string;
  title: string;
  size?: TitleProps['size'];
  addLabel: string;
  addTestId: string;
  onAdd(): void;
}) {
  return (
    <Group justify="space-between" wrap="wrap">
      <Title order={2} size={size} id={id}>
        {title}
      </Title>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd} data-testid={addTestId}>
        {addLabel}
      </Button>
    </Group>
  );
}

/** A console table's column headings, the last one (the row actions) named for screen readers only. */
export function ActionsTableHead({ columns, actions }: { columns: string[]; actions: string }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th key={column}>{column}</Table.Th>
        ))}
        <Table.Th>
          <VisuallyHidden>{actions}</VisuallyHidden>
        </Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}
