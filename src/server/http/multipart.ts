import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { type FailKey, failure, fieldError, HttpError } from '../errors.js';
import { rejectNul } from './nul-guard.js';

export type FormData = {
  fields: Record<string, string[]>;
  files: Record<string, Buffer[]>;
};

/** `availableColors[]` and `availableColors` are the same field. */
const fieldName = (name: string) => name.replace(/\[\]$/, '');

/**
 * A file part's bytes, refused with 413 as soon as it passes the size limit. The plugin's
 * toBuffer() fails only once the part has ended, after reading (and dropping) the rest of it: a
 * 50 MB upload was refused only when all 50 MB had arrived. Here the part is abandoned at the
 * limit, and the rest of the request is read and dropped in the background (never kept), so the
 * client gets its answer at once and the connection stays usable.
 */
async function readFile(
  request: FastifyRequest,
  { file }: MultipartFile,
  limit: { bytes: number; tooLarge: FailKey } = { bytes: Number.POSITIVE_INFINITY, tooLarge: 'imageTooLarge' },
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let overLimit = false;
  const abandon = () => {
    overLimit = true;
    // The plugin unpipes the request when the part closes; then nothing reads it unless resumed.
    file.once('close', () => request.raw.resume());
    file.destroy();
  };
  file.once('limit', abandon);
  try {
    for await (const chunk of file) {
      size += (chunk as Buffer).length;
      if (size > limit.bytes) {
        abandon();
        break;
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (!overLimit) throw error;
  } finally {
    file.off('limit', abandon);
  }
  // `truncated` too: the limit may have been passed before this part was handed over.
  if (overLimit || file.truncated) throw failure(limit.tooLarge);
  return Buffer.concat(chunks);
}

/**
 * The files of a form that takes files larger than pictures (the products import), each field
 * under its own limit; text parts and other files are read and dropped.
 */
export async function readLargeFiles<Name extends string>(
  request: FastifyRequest,
  limits: Record<Name, { bytes: number; tooLarge: FailKey }>,
): Promise<Partial<Record<Name, Buffer>>> {
  if (!request.isMultipart()) throw failure('unsupportedMediaType');
  const names = Object.keys(limits) as Name[];
  const largest = Math.max(...names.map((name) => limits[name].bytes));
  const files: Partial<Record<Name, Buffer>> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: largest, files: names.length, parts: 20 } })) {
      if (part.type !== 'file') continue;
      const name = fieldName(part.fieldname) as Name;
      if (!names.includes(name) || files[name]) {
        // Not kept: read through without holding it.
        part.file.resume();
        await new Promise((resolve) => part.file.once('end', resolve).once('close', resolve));
        continue;
      }
      const buffer = await readFile(request, part, limits[name]);
      if (buffer.length > 0) files[name] = buffer;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('FST_')) throw failure('bodyTooLarge');
    throw failure('invalidJson');
  }
  return files;
}

/**
 * Reads a multipart form (or a JSON object body, for updates without files) into repeated
 * string fields and file buffers. Sizes and counts are bounded by the multipart plugin's limits.
 */
export async function readForm(request: FastifyRequest): Promise<FormData> {
  const fields: FormData['fields'] = {};
  const files: FormData['files'] = {};
  const add = <T>(target: Record<string, T[]>, name: string, value: T) => {
    const list = target[name] ?? [];
    list.push(value);
    target[name] = list;
  };
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null) return { fields, files };
    if (typeof body !== 'object' || Array.isArray(body)) throw failure('invalidJson');
    for (const [key, value] of Object.entries(body)) {
      const values = Array.isArray(value) ? value : [value];
      // A form field is text (or a list of texts): an object would have become '[object Object]'.
      if (values.some((v) => typeof v === 'object' && v !== null)) throw failure('invalidJson');
      fields[fieldName(key)] = values.filter((v) => v !== null && v !== undefined).map(String);
    }
    return { fields, files };
  }
  try {
    for await (const part of request.parts()) {
      const name = fieldName(part.fieldname);
      if (part.type === 'file') {
        const buffer = await readFile(request, part);
        if (buffer.length > 0) add(files, name, buffer);
      } else {
        add(fields, name, String(part.value));
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw failure('imageTooLarge');
    // More files than any form takes: the only form with several is a product's gallery.
    if (code === 'FST_FILES_LIMIT') throw fieldError('images', 'tooManyImages', undefined);
    if (code.startsWith('FST_')) throw failure('bodyTooLarge');
    throw failure('invalidJson');
  }
  rejectNul(fields, 'body');
  return { fields, files };
}
