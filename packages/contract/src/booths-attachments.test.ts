import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_BAD_TYPE,
  ATTACHMENT_TOO_LARGE,
  attachmentExtension,
  attachmentProblem,
  uploadBoothDocumentRequest,
} from './booths-documents';
import { ATTACHMENT_MAX_BYTES } from './constants';

describe('attachments (A5.42)', () => {
  it('A5.42 A9.11 E9.14 an attachment may have at most 5,000,000 bytes', () => {
    expect(ATTACHMENT_MAX_BYTES).toBe(5_000_000);
    expect(attachmentProblem({ name: 'a.pdf', size: 5_000_000 })).toBeNull();
    expect(attachmentProblem({ name: 'a.pdf', size: 5_000_001 })).toBe(ATTACHMENT_TOO_LARGE);
    expect(attachmentProblem({ name: 'a.html', size: 10 })).toBe(ATTACHMENT_BAD_TYPE);
    expect(attachmentProblem({ name: 'a.pdf', size: 0 })).toBe(ATTACHMENT_BAD_TYPE);
  });

  it('A5.42 only document, video and text files are attachments (no HTML or SVG)', () => {
    expect(attachmentExtension('Deck.PPTX')).toBe('pptx');
    expect(attachmentExtension('x.svg')).toBeNull();
    expect(attachmentExtension('x.pdf.html')).toBeNull();
    expect(attachmentExtension('constructor')).toBeNull();
    expect(attachmentExtension('a.toString')).toBeNull();
  });

  it('A5.42 the upload request refuses a body far over the limit with the size message', () => {
    const base = { eventId: 1, id: 2, fileName: 'a.pdf' };
    expect(uploadBoothDocumentRequest.safeParse({ ...base, contentBase64: 'JVBERi0=' }).success).toBe(true);
    const big = uploadBoothDocumentRequest.safeParse({ ...base, contentBase64: 'A'.repeat(7_000_000) });
    expect(big.success).toBe(false);
    expect(big.error?.issues[0]?.message).toBe(ATTACHMENT_TOO_LARGE);
  });
});
