import type { FileRejection } from '@mantine/dropzone';
import { describe, expect, it } from 'vitest';
import { imageRejectionKey, oneFileDrop, tooManyFiles } from './one-file-drop';

const file = (name: string) => new File(['x'], name, { type: 'image/png' });
const refused = (f: File, code: string): FileRejection => ({
  file: Object.assign(f, { path: f.name, relativePath: f.name }),
  errors: [{ code, message: code }],
});

describe('one file dropped (A5.34)', () => {
  it('A5.34 takes the one file of a drop that refused none', () => {
    const taken: string[] = [];
    const refusals: FileRejection[][] = [];
    const drop = oneFileDrop(
      (f) => taken.push(f.name),
      (r) => refusals.push(r),
    );
    drop.onDropAny([file('me.png')], []);
    expect(taken).toEqual(['me.png']);
    expect(refusals).toEqual([]);
    expect(drop).toMatchObject({ maxFiles: 1, multiple: false });
  });

  it('A5.34 takes none of several: the first is not kept while the others are refused', () => {
    const taken: string[] = [];
    const refusals: FileRejection[][] = [];
    const drop = oneFileDrop(
      (f) => taken.push(f.name),
      (r) => refusals.push(r),
    );
    const second = refused(file('two.png'), 'too-many-files');
    drop.onDropAny([file('one.png')], [second]);
    expect(taken).toEqual([]);
    expect(refusals).toEqual([[second]]);
    expect(tooManyFiles([second])).toBe(true);
    expect(imageRejectionKey([second])).toBe('account.photo.oneFile');
  });

  it('A5.33 A5.35 names a file too large or of another type', () => {
    expect(imageRejectionKey([refused(file('big.png'), 'file-too-large')])).toBe('account.photo.large');
    expect(imageRejectionKey([refused(file('a.gif'), 'file-invalid-type')])).toBe('account.photo.type');
    expect(tooManyFiles([refused(file('a.gif'), 'file-invalid-type')])).toBe(false);
  });
});
