import { randomUUID } from 'node:crypto';
import sharp from 'sharp';

export type FilePart = { filename?: string; contentType?: string; data: Buffer };
export type FieldValue = string | number | (string | number)[];

/** One part of a multipart body: a text field, or a file. */
export type Part = [name: string, value: string | FilePart];

/**
 * Builds a multipart/form-data body for `app.inject` from parts in exactly this order (a client
 * may send files before text fields, or a field twice).
 */
export function multipartParts(parts: Part[]): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----matjar-test-${randomUUID()}`;
  const chunks: Buffer[] = [];
  const push = (text: string) => chunks.push(Buffer.from(text, 'utf8'));
  for (const [name, value] of parts) {
    if (typeof value === 'string') {
      push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
      continue;
    }
    push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename ?? 'image.png'}"\r\n` +
        `Content-Type: ${value.contentType ?? 'image/png'}\r\n\r\n`,
    );
    chunks.push(value.data);
    push('\r\n');
  }
  push(`--${boundary}--\r\n`);
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Builds a multipart/form-data body for `app.inject`: `fields` become text parts (arrays repeat
 * the field), `files` become file parts (arrays repeat the field too).
 */
export function multipart(
  fields: Record<string, FieldValue | undefined> = {},
  files: Record<string, FilePart | FilePart[] | undefined> = {},
): { payload: Buffer; headers: { 'content-type': string } } {
  const parts: Part[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) parts.push([name, String(item)]);
  }
  for (const [name, value] of Object.entries(files)) {
    if (value === undefined) continue;
    for (const file of Array.isArray(value) ? value : [value]) parts.push([name, file]);
  }
  return multipartParts(parts);
}

/** A small solid-colour PNG made with sharp. */
export async function pngImage(width = 50, height = 50, background = '#f00'): Promise<FilePart> {
  const data = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
  return { filename: 'image.png', contentType: 'image/png', data };
}

/** A PNG of random pixels (does not compress), roughly `width * height * 3` bytes. */
export async function noisyPng(width: number, height: number): Promise<FilePart> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = seed >> 16;
  }
  const data = await sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return { filename: 'noise.png', contentType: 'image/png', data };
}

/** A CSV file part as a spreadsheet saves it (UTF-8 with BOM, CRLF); the first row holds the headings. */
export const csvFile = (rows: string[][]): FilePart => ({
  filename: 'products.csv',
  contentType: 'text/csv',
  data: Buffer.from(`\uFEFF${rows.map((row) => `${row.join(',')}\r\n`).join('')}`, 'utf8'),
});
