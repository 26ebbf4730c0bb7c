/**
 * ZATCA's QR payload (docs/invoices.md § QR code): TLV records — one tag byte, one length byte
 * (the value's byte count), the value's bytes (UTF-8 for text) — concatenated and Base64-encoded.
 */

/**
 * The tags of a simplified invoice's QR: 1–5 since phase 1, 6–9 the cryptographic stamp's
 * (docs/invoices.md § The cryptographic stamp): 6 and 7 are text, 8 and 9 raw DER bytes.
 */
export const QR_TAGS = {
  sellerName: 1,
  vatNumber: 2,
  timestamp: 3,
  total: 4,
  vatTotal: 5,
  hash: 6,
  signature: 7,
  publicKey: 8,
  certificateSignature: 9,
} as const;

/** A TLV length is one byte: a longer value cannot be written. */
export const TLV_MAX_BYTES = 255;

/** The longest prefix of `text` whose UTF-8 form fits in `maxBytes`, never cutting a character. */
export function truncateUtf8(text: string, maxBytes: number): string {
  const encoder = new TextEncoder();
  if (encoder.encode(text).length <= maxBytes) return text;
  let out = '';
  let used = 0;
  for (const char of text) {
    const size = encoder.encode(char).length;
    if (used + size > maxBytes) break;
    out += char;
    used += size;
  }
  return out;
}

/**
 * Bytes of the records in the order given (a text value as UTF-8, bytes as they are); a value over
 * 255 bytes is refused (RangeError).
 */
export function encodeTlv(records: ReadonlyArray<readonly [tag: number, value: string | Uint8Array]>): Uint8Array {
  const encoder = new TextEncoder();
  const parts: number[] = [];
  for (const [tag, value] of records) {
    if (!Number.isInteger(tag) || tag < 1 || tag > 255) throw new RangeError(`TLV tag ${tag} is not one byte`);
    const bytes = typeof value === 'string' ? encoder.encode(value) : value;
    if (bytes.length > TLV_MAX_BYTES) throw new RangeError(`TLV value of tag ${tag} is ${bytes.length} bytes`);
    parts.push(tag, bytes.length, ...bytes);
  }
  return Uint8Array.from(parts);
}

/** The records of TLV bytes, values as bytes; malformed input (a record running past the end) is refused. */
export function decodeTlvBytes(bytes: Uint8Array): Array<[tag: number, value: Uint8Array]> {
  const records: Array<[number, Uint8Array]> = [];
  let at = 0;
  while (at < bytes.length) {
    const tag = bytes[at];
    const length = bytes[at + 1];
    if (tag === undefined || length === undefined || at + 2 + length > bytes.length) {
      throw new RangeError('TLV record runs past the end');
    }
    records.push([tag, bytes.subarray(at + 2, at + 2 + length)]);
    at += 2 + length;
  }
  return records;
}

/** The records of TLV bytes, values as UTF-8 text (a value that is not UTF-8 is refused). */
export function decodeTlv(bytes: Uint8Array): Array<[tag: number, value: string]> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  return decodeTlvBytes(bytes).map(([tag, value]) => [tag, decoder.decode(value)]);
}

export const tlvBase64 = (records: ReadonlyArray<readonly [number, string | Uint8Array]>) =>
  Buffer.from(encodeTlv(records)).toString('base64');

export const decodeTlvBase64 = (base64: string) => decodeTlv(new Uint8Array(Buffer.from(base64, 'base64')));

/** A QR timestamp: ISO 8601 in UTC to the second (2026-11-25T12:34:56Z). */
export const qrTimestamp = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

/**
 * The simplified invoice's QR payload. A seller name (or VAT number) over 255 bytes is cut at a
 * character boundary rather than refused: an order is never lost to its invoice's QR.
 */
export function zatcaQr(input: {
  sellerName: string;
  vatNumber: string;
  issuedAt: Date;
  /** Decimal strings with the currency's digits ("1150.00"). */
  total: string;
  vatTotal: string;
}): string {
  return tlvBase64([
    [QR_TAGS.sellerName, truncateUtf8(input.sellerName, TLV_MAX_BYTES)],
    [QR_TAGS.vatNumber, truncateUtf8(input.vatNumber, TLV_MAX_BYTES)],
    [QR_TAGS.timestamp, qrTimestamp(input.issuedAt)],
    [QR_TAGS.total, input.total],
    [QR_TAGS.vatTotal, input.vatTotal],
  ]);
}
