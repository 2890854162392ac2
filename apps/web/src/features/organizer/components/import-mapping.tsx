import {
  IMPORT_KIND_FIELDS,
  IMPORT_KIND_REQUIRED,
  type ImportField,
  type ImportKind,
  type ImportPreview,
} from '@foyer/contract';
import { Select, Table, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';

const IGNORE = '';

/** A field's label: a session's name is its title, its type session or break. */
export const fieldLabelKey = (kind: ImportKind, field: ImportField) =>
  kind === 'sessions' && (field === 'name' || field === 'type')
    ? (`organizer.import.fields.session.${field}` as const)
    : (`organizer.import.fields.${field}` as const);

/** The mapping step: each column of the file, a sample value, and the field it fills (or none). */
export function ImportMapping({
  kind,
  preview,
  mapping,
  onChange,
}: {
  kind: ImportKind;
  preview: ImportPreview;
  mapping: (ImportField | null)[];
  onChange(mapping: (ImportField | null)[]): void;
}) {
  const { t } = useTranslation();
  const options = [
    { value: IGNORE, label: t('organizer.import.ignore') },
    ...IMPORT_KIND_FIELDS[kind].map((field) => ({
      value: field,
      label: `${t(fieldLabelKey(kind, field))}${IMPORT_KIND_REQUIRED[kind].includes(field) ? ' *' : ''}`,
    })),
  ];
  const set = (index: number, value: string | null) => {
    const next = [...mapping];
    next[index] = value ? (value as ImportField) : null;
    onChange(next);
  };
  return (
    <Table.ScrollContainer
      minWidth={320}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={t('organizer.import.mappingHint')}
      data-testid="import-mapping"
    >
      <Table striped>
        <Table.Caption>{t('organizer.import.mappingHint')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('organizer.import.column')}</Table.Th>
            <Table.Th scope="col">{t('organizer.import.sample')}</Table.Th>
            <Table.Th scope="col">{t('organizer.import.field')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.headers.map((header, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional and may share a header.
            <Table.Tr key={index}>
              <Table.Td>
                <Text fw={500} size="sm">
                  {header || t('organizer.import.unnamed', { n: index + 1 })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="gray.7" lineClamp={2}>
                  {preview.rows[0]?.[index] ?? ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Select
                  aria-label={t('organizer.import.fieldFor', {
                    column: header || t('organizer.import.unnamed', { n: index + 1 }),
                  })}
                  data={options}
                  value={mapping[index] ?? IGNORE}
                  onChange={(value) => set(index, value)}
                  allowDeselect={false}
                  size="sm"
                  data-testid={`import-map-${index}`}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The first rows of the file as a table, so the organizer sees what the columns hold. */
export function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer
      minWidth={Math.min(1200, preview.headers.length * 140)}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={t('organizer.import.previewCaption')}
    >
      <Table striped withTableBorder data-testid="import-preview">
        <Table.Caption>{t('organizer.import.previewCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('organizer.import.row')}</Table.Th>
            {preview.headers.map((header, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional.
              <Table.Th scope="col" key={index}>
                {header || t('organizer.import.unnamed', { n: index + 1 })}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.rows.slice(0, 5).map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional.
            <Table.Tr key={r}>
              <Table.Td>{r + 2}</Table.Td>
              {row.map((cell, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional.
                <Table.Td key={c}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
