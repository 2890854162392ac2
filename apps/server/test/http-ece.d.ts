/** The few calls the tests make of http_ece (RFC 8188; it ships no types): the push service's decryption. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  const ece: {
    decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
  };
  export = ece;
}
