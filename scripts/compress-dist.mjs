// Pre-compresses the built SPA (gzip and brotli) so the server sends small files without spending
// CPU per request (@fastify/static `preCompressed`). Venue Wi-Fi is slow: every kilobyte counts.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist';
const compressible = /\.(js|css|html|svg|json|map|txt|wasm)$/;
let count = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (compressible.test(name) && statSync(path).size > 1024) {
      const data = readFileSync(path);
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      count += 1;
    }
  }
}
walk(root);
console.log(`compressed ${count} files in ${root}`);
