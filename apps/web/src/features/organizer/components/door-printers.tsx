import {
  type BadgeTemplate,
  type Printer,
  type PrinterInput,
  type PrinterKind,
  type PrintType,
  printerInput,
  printerKinds,
  printTypes,
} from '@foyer/contract';
import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { printErrorText } from '../../../lib/print-error';
import { toast } from '../../../lib/toast';
import { useBadgeConsole, useDeletePrinter, useSavePrinter, useTestPrint } from '../api/badges';
import { apiFieldErrors, issueErrors } from '../lib/form-errors';
import { ConsoleListSection, RowActions } from './console-section';

type Errors = Partial<Record<string, string>>;

/** E3.36, E9.56: the event's badge printers, each network printer with a test print. */
export function DoorPrinters({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const badges = useBadgeConsole(eventId);
  const remove = useDeletePrinter(eventId);
  const test = useTestPrint(eventId);
  const [editing, setEditing] = useState<Printer | 'new' | null>(null);

  // The server waits for the printer (a few seconds at most) and says whether it took the label.
  const testPrint = (printer: Printer) =>
    test.mutate(printer.id, {
      onSuccess: (result) =>
        result.sent
          ? toast('success', t('badges.printers.testSent', { name: printer.label }))
          : toast(
              'error',
              t('badges.printers.testFailed', {
                name: printer.label,
                error: printErrorText(t, result.errorCode, result.error),
              }),
            ),
      onError: (error) => toast('error', error.message),
    });

  return (
    <ConsoleListSection
      header={{
        id: 'printers-title',
        title: t('badges.printers.title'),
        size: 'h3',
        addLabel: t('badges.printers.add'),
        addTestId: 'printer-add',
        onAdd: () => setEditing('new'),
      }}
      intro={t('badges.printers.intro')}
      error={badges.error}
      count={badges.isSuccess ? badges.data.printers.length : undefined}
      emptyText={t('badges.printers.empty')}
      table={{
        label: t('badges.printers.title'),
        columns: [t('badges.printer.label'), t('badges.printer.kind'), t('badges.printer.printType')],
        actions: t('organizer.exhibitors.actions'),
        boxed: true,
      }}
      after={
        <Modal
          opened={editing !== null}
          onClose={() => setEditing(null)}
          title={editing === 'new' ? t('badges.printers.add') : t('badges.printers.editTitle')}
          closeButtonProps={{ 'aria-label': t('common.close') }}
        >
          {editing && (
            <PrinterForm
              key={editing === 'new' ? 'new' : editing.id}
              eventId={eventId}
              printer={editing === 'new' ? null : editing}
              templates={badges.data?.templates ?? []}
              onDone={() => setEditing(null)}
            />
          )}
        </Modal>
      }
    >
      {badges.data?.printers.map((printer) => (
        <Table.Tr key={printer.id} data-testid="printer-row">
          <Table.Td>
            <Text size="sm" fw={500}>
              {printer.label}
            </Text>
            {printer.host && (
              <Text size="xs" c="dimmed">
                {t('badges.printer.address', { host: printer.host, port: printer.port })}
              </Text>
            )}
          </Table.Td>
          <Table.Td>{t(`badges.printer.kind.${printer.kind}`)}</Table.Td>
          <Table.Td>{t(`badges.printer.printType.${printer.printType}`)}</Table.Td>
          <Table.Td>
            <Group gap={4} wrap="nowrap" justify="flex-end">
              {printer.kind !== 'pdf' && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconPrinter size={14} aria-hidden />}
                  aria-label={t('badges.printers.testLabel', { name: printer.label })}
                  loading={test.isPending && test.variables === printer.id}
                  onClick={() => testPrint(printer)}
                  data-testid="printer-test"
                >
                  {t('badges.printers.test')}
                </Button>
              )}
              <RowActions
                editLabel={t('badges.printers.edit', { name: printer.label })}
                onEdit={() => setEditing(printer)}
                deleteLabel={t('badges.printers.delete', { name: printer.label })}
                onDelete={() =>
                  window.confirm(t('badges.printers.confirmDelete', { name: printer.label })) &&
                  remove.mutate(printer.id, { onError: (e) => toast('error', e.message) })
                }
              />
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ConsoleListSection>
  );
}

function PrinterForm({
  eventId,
  printer,
  templates,
  onDone,
}: {
  eventId: number;
  printer: Printer | null;
  templates: BadgeTemplate[];
  onDone(): void;
}) {
  const { t } = useTranslation();
  const save = useSavePrinter(eventId);
  const [label, setLabel] = useState(printer?.label ?? '');
  const [kind, setKind] = useState<PrinterKind>(printer?.kind ?? 'zpl');
  const [host, setHost] = useState(printer?.host ?? '');
  const [port, setPort] = useState<number | string>(printer?.port ?? 9100);
  const [printType, setPrintType] = useState<PrintType>(printer?.printType ?? 'printQueue');
  const [dpi, setDpi] = useState(String(printer?.dpi ?? 203));
  const [templateIds, setTemplateIds] = useState<string[]>((printer?.templateIds ?? []).map(String));
  const [errors, setErrors] = useState<Errors>({});
  const network = kind !== 'pdf';

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body: PrinterInput = {
      label,
      kind,
      host: network ? host.trim() || null : null,
      port: port === '' ? 9100 : Number(port),
      printType,
      dpi: Number(dpi) as 203 | 300 | 600,
      templateIds: templateIds.map(Number),
    };
    const parsed = printerInput.safeParse(body);
    if (!parsed.success) {
      setErrors(issueErrors(t, parsed.error.issues));
      return;
    }
    save.mutate(
      { ...body, ...(printer ? { id: printer.id } : {}) },
      {
        onSuccess: () => {
          toast('success', t('badges.printers.saved'));
          onDone();
        },
        onError: (error) => setErrors(apiFieldErrors(t, error) ?? { form: error.message }),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          label={t('badges.printer.label')}
          value={label}
          onChange={(e) => setLabel(e.currentTarget.value)}
          error={errors.label}
          required
          data-testid="printer-label"
        />
        <Select
          label={t('badges.printer.kind')}
          data={printerKinds.map((k) => ({ value: k, label: t(`badges.printer.kind.${k}`) }))}
          value={kind}
          onChange={(v) => v && setKind(v as PrinterKind)}
          allowDeselect={false}
          error={errors.kind}
          data-testid="printer-kind"
        />
        {network && (
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('badges.printer.host')}
              value={host}
              onChange={(e) => setHost(e.currentTarget.value)}
              error={errors.host}
              required
              data-testid="printer-host"
              style={{ minWidth: 180 }}
            />
            <NumberInput
              label={t('badges.printer.port')}
              min={1}
              max={65535}
              allowDecimal={false}
              allowNegative={false}
              value={port}
              onChange={setPort}
              error={errors.port}
              data-testid="printer-port"
              style={{ minWidth: 100 }}
            />
          </Group>
        )}
        <Select
          label={t('badges.printer.printType')}
          data={printTypes.map((p) => ({ value: p, label: t(`badges.printer.printType.${p}`) }))}
          value={printType}
          onChange={(v) => v && setPrintType(v as PrintType)}
          allowDeselect={false}
          error={errors.printType}
        />
        {kind === 'zpl' && (
          <Select
            label={t('badges.printer.dpi')}
            data={['203', '300', '600']}
            value={dpi}
            onChange={(v) => v && setDpi(v)}
            allowDeselect={false}
            error={errors.dpi}
          />
        )}
        <MultiSelect
          label={t('badges.printer.templates')}
          description={t('badges.printer.templatesHint')}
          data={templates.map((x) => ({ value: String(x.id), label: x.name }))}
          value={templateIds}
          onChange={setTemplateIds}
          clearable
          error={errors.templateIds}
        />
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="printer-save">
            {t('badges.printer.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
