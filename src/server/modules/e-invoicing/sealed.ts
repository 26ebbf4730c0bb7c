import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * The e-invoicing private key and ZATCA's secrets at rest (docs/invoices.md § Keys at rest):
 * AES-256-GCM under a key derived (HKDF-SHA256) from ZATCA_KEY_SECRET, a fresh 12-byte nonce per
 * value. The database alone reveals nothing; a changed or wrong ZATCA_KEY_SECRET fails to open a
 * value (the tag does not verify) instead of yielding garbage.
 */

const VERSION = 'v1';

const keyOf = (keySecret: string) =>
  Buffer.from(hkdfSync('sha256', keySecret, 'matjar-e-invoicing', 'aes-256-gcm sealed values', 32));

/** `v1.<nonce>.<tag>.<ciphertext>`, each part Base64url. */
export function seal(plain: string, keySecret: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(keySecret), nonce);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Thrown when a sealed value cannot be opened with this key secret. */
export class SealedValueError extends Error {}

export function unseal(sealed: string, keySecret: string): string {
  const [version, nonce, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !nonce || !tag || ciphertext === undefined) {
    throw new SealedValueError('not a sealed value');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(keySecret), Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SealedValueError('ZATCA_KEY_SECRET does not open this value');
  }
}
