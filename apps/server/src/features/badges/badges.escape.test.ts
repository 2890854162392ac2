import { sampleBadgeFields } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { renderTxt } from './badges.render';

/**
 * E4.75: attendee text in a TXT printer's raw template (ZPL with its prefixes changed, EPL) prints
 * as typed and cannot send the printer a command.
 */

const HOSTILE = {
  ...sampleBadgeFields,
  FullName: 'Eve+FS+XZ+XA+FO0,0+FDPWNED#JA',
  Company: 'Acme^FS^XZ~JA',
  JobTitle: 'CTO"\r\nP9\nN',
  City: 'Oslo\\',
};

const merge = (text: string, fields = HOSTILE) =>
  renderTxt({ text_template: text }, fields, null, false) ?? '';

describe('raw ZPL templates whose command prefixes are changed (^CC, ~CC, ^CT, ~CT)', () => {
  it("E4.75 after ^CC+ the template's + is the caret: a value's + cannot end its field or the label", () => {
    const out = merge(
      ['^XA^CC+', '+FO50,50+A0N,40,40+FD{FullName}+FS', '+FO50,100+FD{Company}+FS', '+XZ', ''].join('\n'),
    );
    expect(out.match(/\+XZ/g)).toHaveLength(1);
    expect(out.match(/\+FS/g)).toHaveLength(2);
    expect(out).toContain('+FH_+FDEve_2BFS_2BXZ_2BXA_2BFO0,0_2BFDPWNED#JA+FS');
    expect(out).toContain('+FH_+FDAcme_5EFS_5EXZ_7EJA+FS');
  });

  it('E4.75 a template that changes the caret with ~CC (so it has no ^XA) is still ZPL: values are escaped', () => {
    const out = merge(['~CC!', '!XA', '!FO10,10!FD{FullName} {Company}!FS', '!XZ', ''].join('\n'));
    expect(out.match(/!XZ/g)).toHaveLength(1);
    expect(out).not.toContain('~JA');
    expect(out).toContain('!FH_!FDEve+FS+XZ+XA+FO0,0+FDPWNED#JA Acme_5EFS_5EXZ_7EJA!FS');
  });

  it('E4.75 after ~CT# the tilde is #: a value cannot send a # command, in a field or outside one', () => {
    const out = merge(['^XA~CT#', '^FO10,10^FD{FullName}^FS', '^FX {FullName}', '^XZ', ''].join('\n'));
    expect(out).toContain('^FH_^FDEve+FS+XZ+XA+FO0,0+FDPWNED_23JA^FS');
    expect(out).toContain('^FX Eve+FS+XZ+XA+FO0,0+FDPWNED JA\n');
    expect(out).not.toMatch(/#JA/);
  });

  it('E4.75 a value cannot change the prefixes itself: ^CC and ~CC in a value are escaped like any ^ or ~', () => {
    const fields = { ...HOSTILE, FullName: '^CC+~CC+~CT+', Company: '+FS+XZ' };
    const out = merge('^XA\n^FO1,1^FD{FullName}^FS\n^FO1,2^FD{Company}^FS\n^FX {FullName}\n^XZ\n', fields);
    expect(out).toContain('^FH_^FD_5ECC+_7ECC+_7ECT+^FS');
    expect(out).toContain('^FH_^FD+FS+XZ^FS');
    expect(out).toContain('^FX  CC+ CC+ CT+\n');
  });
});

describe('raw EPL templates', () => {
  const EPL = [
    'N',
    'q609',
    'A50,50,0,4,1,1,N,"{FullName}"',
    'A50,100,0,3,1,1,N,"{JobTitle} / {City}"',
    'P1',
    '',
  ].join('\n');

  it('E4.75 a value cannot end its quoted string nor start a line: " and \\ are escaped, breaks are spaces', () => {
    const out = merge(EPL);
    const lines = out.split('\n');
    expect(lines).toEqual([
      'N',
      'q609',
      'A50,50,0,4,1,1,N,"Eve+FS+XZ+XA+FO0,0+FDPWNED#JA"',
      'A50,100,0,3,1,1,N,"CTO\\"  P9 N / Oslo\\\\"',
      'P1',
      '',
    ]);
  });

  it('E4.75 outside a quoted string (a parameter) a value loses " and \\ ', () => {
    const out = merge('N\nA50,50,0,4,1,1,N,"x"\nP{City}\n', { ...HOSTILE, City: '1"\\' });
    expect(out).toBe('N\nA50,50,0,4,1,1,N,"x"\nP1  \n');
  });
});
