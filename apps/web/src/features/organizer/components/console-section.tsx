import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  type TitleProps,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

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

/**
 * A console list as a table whose rows (`children`) end with their actions. At 375 px it scrolls
 * sideways in a focusable region named `label`, so keyboard users can scroll it too; `boxed` puts
 * it in a bordered box of its own (a table inside a box already goes without).
 */
export function ConsoleTable({
  label,
  columns,
  actions,
  minWidth = 340,
  striped = true,
  boxed = false,
  children,
}: {
  label: string;
  columns: string[];
  actions: string;
  minWidth?: number;
  striped?: boolean;
  boxed?: boolean;
  children: ReactNode;
}) {
  const table = (
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label}>
      <Table striped={striped}>
        <ActionsTableHead columns={columns} actions={actions} />
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  return boxed ? (
    <Paper withBorder p="sm" radius="md">
      {table}
    </Paper>
  ) : (
    table
  );
}

/** A console row's edit and delete buttons: icons named for screen readers (the row's name in each). */
export function RowActions({
  editLabel,
  onEdit,
  deleteLabel,
  onDelete,
}: {
  editLabel: string;
  onEdit(): void;
  deleteLabel: string;
  /** Asks first where a delete cannot be undone (the caller's confirmation). */
  onDelete(): unknown;
}) {
  return (
    <>
      <ActionIcon variant="subtle" aria-label={editLabel} onClick={onEdit}>
        <IconPencil size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={deleteLabel} onClick={() => onDelete()}>
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </>
  );
}

/**
 * A console list as a section: its heading with the add button, an intro, then the list's load
 * error, its empty text or its table of `children` rows; `after` follows (the list's own dialogs).
 */
export function ConsoleListSection({
  header,
  intro,
  error,
  count,
  emptyText,
  table,
  children,
  after,
}: {
  header: Parameters<typeof ConsoleSectionHeader>[0];
  intro: string;
  /** The list's load error, shown as an alert. */
  error: Error | null;
  /** How many rows the list has; undefined while it loads (nothing is shown for it then). */
  count: number | undefined;
  emptyText: string;
  table: Omit<Parameters<typeof ConsoleTable>[0], 'children'>;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <Stack gap="md" component="section" aria-labelledby={header.id}>
      <ConsoleSectionHeader {...header} />
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      {count === 0 && <Text c="dimmed">{emptyText}</Text>}
      {count !== undefined && count > 0 && <ConsoleTable {...table}>{children}</ConsoleTable>}
      {after}
    </Stack>
  );
}
