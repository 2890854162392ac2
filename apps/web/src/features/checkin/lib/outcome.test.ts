import type { PrintJob } from '@foyer/contract';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import checkin from '../../../i18n/locales/en/checkin.json';
import printErrors from '../../../i18n/locales/en/print-errors.json';
import { i18n } from '../../../i18n/translator';
import { notifyPrintJob, outcomeTone } from './outcome';

// The toast module loads the app's i18n, which needs a browser; here it only records the toasts.
const showToast = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/toast', () => ({ showToast }));

beforeAll(async () => {
  i18n.init({
    lng: 'en',
    resources: { en: { ...checkin, ...printErrors } },
  });
});
beforeEach(() => showToast.mockReset());

describe('check-in toasts', () => {
  it('E8.10 E8.11 a full area and a wrong ticket type warn; check-in and check-out succeed', () => {
    expect(outcomeTone.fullyOccupied).toBe('warning');
    expect(outcomeTone.wrongTicketType).toBe('warning');
    expect(outcomeTone.checkedIn).toBe('success');
    expect(outcomeTone.checkedOut).toBe('success');
  });
});

/** The badge print job this desk queued (id 9), as the live feed reports it. */
const job = (over: Partial<PrintJob>): PrintJob => ({
  id: 9,
  participantId: 3,
  ticketId: 'TCK-3',
  fullName: 'Ada Lovelace',
  printerId: 2,
  printerLabel: 'Front desk',
  printerKind: 'txt',
  status: 'queued',
  attempts: 0,
  lastError: null,
  lastErrorCode: null,
  force: false,
  batchId: null,
  createdAt: '2030-05-01T08:00:00.000Z',
  updatedAt: '2030-05-01T08:00:00.000Z',
  printedAt: null,
  ...over,
});

describe('badge print toasts', () => {
  it('E8.19 a badge printed on a TXT printer shows a success toast naming the printer', () => {
    notifyPrintJob(job({ status: 'printed', printedAt: '2030-05-01T08:00:05.000Z' }), 9, i18n.t);
    expect(showToast).toHaveBeenCalledExactlyOnceWith('green', 'Badge printed on Front desk.');
  });

  it('E8.19 only for the TXT printer, the printed state, and the job this desk queued', () => {
    notifyPrintJob(job({ status: 'printed', printerKind: 'zpl' }), 9, i18n.t); // its state shows it
    notifyPrintJob(job({ status: 'sending' }), 9, i18n.t);
    notifyPrintJob(job({ status: 'printed' }), 10, i18n.t); // another desk's job
    notifyPrintJob(job({ status: 'printed' }), null, i18n.t); // nothing queued here
    expect(showToast).not.toHaveBeenCalled();
  });

  it('a failed print is an error toast', () => {
    notifyPrintJob(job({ status: 'failed' }), 9, i18n.t);
    expect(showToast).toHaveBeenCalledExactlyOnceWith(
      'red',
      'The badge could not be printed. Please ask the helpdesk.',
    );
  });

  it('a failed print says why, as the console does: the code’s text, else the detail of a job from before codes', () => {
    notifyPrintJob(
      job({ status: 'failed', lastErrorCode: 'refused', lastError: '10.0.0.9:9100 refused the connection' }),
      9,
      i18n.t,
    );
    notifyPrintJob(job({ status: 'failed', lastError: 'paper out' }), 9, i18n.t);
    expect(showToast.mock.calls).toEqual([
      [
        'red',
        'The badge could not be printed. Please ask the helpdesk. Reason: The printer refused the connection: nothing listens at that address and port.',
      ],
      ['red', 'The badge could not be printed. Please ask the helpdesk. Reason: paper out'],
    ]);
  });
});
