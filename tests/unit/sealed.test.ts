import { describe, expect, it } from 'vitest';
import { SealedValueError, seal, unseal } from '../../src/server/modules/e-invoicing/sealed.js';

const secret = 'a-zatca-key-secret-of-32-characters!!';
const key =
  '-----BEGIN EC PRIVATE KEY-----\nMHQCAQEEIL14JV+5nr/sE8Sppaf2IySovrhVBtt8+yz+g4NRKyz8oAcGBSuBBAAK\n-----END EC PRIVATE KEY-----\n';

describe('sealed values (the e-invoicing key at rest)', () => {
  it('opens with the same secret, and never shows the value', () => {
    const sealed = seal(key, secret);
    expect(sealed).not.toContain('PRIVATE');
    expect(sealed).not.toContain('MHQCAQEE');
    expect(unseal(sealed, secret)).toBe(key);
  });

  it('a fresh nonce each time: the same value sealed twice differs', () => {
    expect(seal(key, secret)).not.toBe(seal(key, secret));
  });

  it('refuses another secret, a changed byte and garbage instead of answering garbage', () => {
    const sealed = seal(key, secret);
    expect(() => unseal(sealed, `${secret}x`)).toThrow(SealedValueError);
    const [version, nonce, tag, body = ''] = sealed.split('.');
    const flipped = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(() => unseal([version, nonce, tag, flipped].join('.'), secret)).toThrow(SealedValueError);
    expect(() => unseal('not sealed', secret)).toThrow(SealedValueError);
    expect(() => unseal('', secret)).toThrow(SealedValueError);
  });
});
