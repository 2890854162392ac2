import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { transform } from 'lightningcss';
import { describe, expect, it } from 'vitest';
import { cssTargets, keepUsedRules, mantineClassesIn } from './mantine-styles';

/** A file of the installed @mantine/core (its exports name only some: the stylesheet's folder is its root). */
const root = dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css'));
const mantine = (path: string) => readFileSync(join(root, path), 'utf8');

describe('the build’s Mantine stylesheet', () => {
  it('finds the classes the built code names, not words that only contain one', () => {
    const code = 'var a={root:"m_77c9d27d",inner:"m_80f1301b"};const x="form_m_12ab",y="m_12ab-x";';
    expect([...mantineClassesIn(code, new Set())].sort()).toEqual(['m_77c9d27d', 'm_80f1301b']);
  });

  it('drops the rules of classes no code names and keeps the rest as it was', () => {
    const css = [
      ':root { --mantine-scale: 1; }',
      'body { margin: 0; }',
      '.m_aaa1 { color: red; }',
      '.m_bbb2 { color: blue; }',
      '.mantine-focus-auto:focus-visible { outline: 2px solid; }',
      '@keyframes spin { from { opacity: 0; } to { opacity: 1; } }',
    ].join('\n');
    const kept = keepUsedRules(css, new Set(['m_aaa1']));
    expect(kept).toContain('.m_aaa1 { color: red; }');
    expect(kept).not.toContain('m_bbb2');
    for (const rule of [':root', 'body', '.mantine-focus-auto', '@keyframes spin', 'from', 'to']) {
      expect(kept).toContain(rule);
    }
  });

  it('keeps from a selector list only the selectors that can match', () => {
    const kept = keepUsedRules(
      '.m_aaa1 .m_ccc3, .m_bbb2:hover, .m_aaa1 > a { color: red; }',
      new Set(['m_aaa1']),
    );
    expect(kept).toContain('.m_aaa1 > a');
    expect(kept).not.toContain('m_ccc3');
    expect(kept).not.toContain('m_bbb2');
  });

  it('lets a class inside :not(), :where() or :has() not decide: :not(.unused) matches everything', () => {
    const css = '.m_aaa1:not(.m_bbb2) { color: red; } :where(.m_ccc3) .m_aaa1 { color: blue; }';
    const kept = keepUsedRules(css, new Set(['m_aaa1']));
    expect(kept).toContain('.m_aaa1:not(.m_bbb2)');
    expect(kept).toContain(':where(.m_ccc3) .m_aaa1');
  });

  it('drops an at-rule left empty, nested ones too, and keeps one that still holds a rule', () => {
    const css = [
      '@media (min-width: 10em) { .m_bbb2 { color: blue; } }',
      '@supports (display: grid) { @media (min-width: 10em) { .m_bbb2 { color: blue; } } }',
      '@media (max-width: 5em) { .m_aaa1 { color: red; } .m_bbb2 { color: blue; } }',
    ].join('\n');
    const kept = keepUsedRules(css, new Set(['m_aaa1']));
    expect(kept).not.toContain('min-width');
    expect(kept).not.toContain('@supports');
    expect(kept).toContain('@media (max-width: 5em)');
    expect(kept).toContain('.m_aaa1 { color: red; }');
  });

  it('keeps every rule of a component the code uses, and none of one it does not, in Mantine’s own stylesheet', () => {
    const whole = mantine('styles.css');
    const button = mantineClassesIn(mantine('esm/components/Button/Button.module.mjs'), new Set());
    const stepper = mantineClassesIn(mantine('esm/components/Stepper/Stepper.module.mjs'), new Set());
    expect(button.size).toBeGreaterThan(3);
    expect(stepper.size).toBeGreaterThan(3);
    const kept = keepUsedRules(whole, button);
    const buttonRules = (text: string) =>
      [...text.matchAll(/([^{}]*)\{/g)].filter((m) => [...button].some((c) => m[1]?.includes(`.${c}`)))
        .length;
    expect(buttonRules(kept)).toBe(buttonRules(whole));
    for (const c of stepper) expect(kept).not.toContain(`.${c}`);
    expect(kept).toContain('--mantine-color-body');
    expect(kept.length).toBeLessThan(whole.length / 2);
  });

  it('is minified for the build’s browsers: a prefix Safari 16 needs stays', () => {
    const targets = cssTargets(['chrome111', 'edge111', 'firefox114', 'safari16.4', 'ios16.4', 'es2020']);
    expect(targets).toEqual({
      chrome: 111 << 16,
      edge: 111 << 16,
      firefox: 114 << 16,
      safari: (16 << 16) | (4 << 8),
      ios_saf: (16 << 16) | (4 << 8),
    });
    const css = '.m_aaa1 { -webkit-backdrop-filter: blur(2px); backdrop-filter: blur(2px); }';
    const minified = (t: ReturnType<typeof cssTargets>) =>
      Buffer.from(
        transform({ filename: 'a.css', code: Buffer.from(css), minify: true, targets: t }).code,
      ).toString();
    expect(minified(targets)).toContain('-webkit-backdrop-filter');
    expect(minified({})).not.toContain('-webkit-backdrop-filter'); // with no targets it would go
    expect(cssTargets(false)).toEqual({});
  });
});
