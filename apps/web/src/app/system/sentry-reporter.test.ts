import { describe, expect, it } from 'vitest';
import { sentryOptions } from './sentry-reporter';

describe('crash reports through the Sentry SDK', () => {
  it('A9.51 the client samples traces at 0.5, names the release and adds none of the SDK’s global handlers', () => {
    const options = sentryOptions('https://public@reports.example.org/7');
    expect(options.tracesSampleRate).toBe(0.5);
    expect(options.release).toMatch(/^foyer@\d+\.\d+\.\d+$/);
    expect(options.integrations).toEqual([]);
  });
});
