import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { haproxyConfig } from './scaleout-cluster';

const deployDoc = readFileSync(resolve(import.meta.dirname, '../../docs/deploy.md'), 'utf8');

describe('docs/deploy.md', () => {
  it('shows the HAProxy configuration the scale-out bench runs, with the ports of the deployment', () => {
    const shown = /```haproxy\n([\s\S]*?)```/.exec(deployDoc)?.[1];
    const servers = [1, 2, 3].map((n) => ({ name: `app${n}`, address: `127.0.0.1:300${n}` }));
    expect(shown).toBe(haproxyConfig({ bind: ':80', servers, maxconn: 20000 }));
  });

  it('offers HTTP/2 on the TLS bind, as the front of the browser test and bench/web.ts does', () => {
    expect(deployDoc).toContain('bind :443 ssl crt /etc/haproxy/certs/foyer.pem alpn h2,http/1.1');
  });
});
