import type { FastifyRequest } from 'fastify';
import { apiMessages as m } from '../../contract/messages.js';
import { fieldError, HttpError } from '../errors.js';
import { rejectNul } from './nul-guard.js';

export type FormData = {
  fields: Record<string, string[]>;
  files: Record<string, Buffer[]>;
};

/** `availableColors[]` and `availableColors` are the same field. */
const fieldName = (name: string) => name.replace(/\[\]$/, '');

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
    if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, m.invalidJson);
    for (const [key, value] of Object.entries(body)) {
      const values = Array.isArray(value) ? value : [value];
      fields[fieldName(key)] = values.filter((v) => v !== null && v !== undefined).map(String);
    }
    return { fields, files };
  }
  try {
    for await (const part of request.parts()) {
      const name = fieldName(part.fieldname);
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (buffer.length > 0) add(files, name, buffer);
      } else {
        add(fields, name, String(part.value));
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, m.imageTooLarge);
    // More files than any form takes: the only form with several is a product's gallery.
    if (code === 'FST_FILES_LIMIT') throw fieldError('images', m.tooManyImages, undefined);
    if (code.startsWith('FST_')) throw new HttpError(413, m.bodyTooLarge);
    throw new HttpError(400, m.invalidJson);
  }
  rejectNul(fields, 'body');
  return { fields, files };
}
