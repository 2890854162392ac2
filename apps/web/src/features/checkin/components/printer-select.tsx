import { Select } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { useBadgeLive, useDeskPrinter } from '../api/print';
import '../i18n';

const BROWSER = 'browser';

/**
 * E2.55: the printer this desk prints badges on, kept on this device (localStorage, per event).
 * Without a choice (or without printers) the browser prints the badge.
 */
export function PrinterSelect({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const { setup, printers, printer, setPrinterId } = useDeskPrinter(eventId);
  useBadgeLive(eventId);
  const data = [
    { value: BROWSER, label: t('checkIn.print.printer.browser') },
    ...printers.map((p) => ({
      value: String(p.id),
      label: `${p.label} · ${t(`checkIn.print.kind.${p.kind}`)}`,
      disabled: p.printType === 'none',
    })),
  ];
  return (
    <Select
      label={t('checkIn.print.printer.label')}
      description={t('checkIn.print.printer.hint')}
      leftSection={<IconPrinter size={16} aria-hidden />}
      data={data}
      value={printer ? String(printer.id) : BROWSER}
      onChange={(value) => setPrinterId(value && value !== BROWSER ? Number(value) : null)}
      allowDeselect={false}
      disabled={setup.isPending || setup.isError}
      error={setup.isError ? setup.error.message : undefined}
      data-testid="printer-select"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
