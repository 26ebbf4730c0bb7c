import yauzl, { type Entry } from 'yauzl';
import { MAX_IMPORT_ZIP_FILES } from '../../contract/constants.js';
import { failure } from '../errors.js';

/*
 * The zip of pictures a products import may bring (docs/product-import.md § Pictures). Only the
 * directory is read at first; a picture is inflated when a row names it, one at a time, and never
 * past the upload limit (yauzl checks that an entry inflates to the size it declares), so a zip
 * bomb costs nothing.
 */

/** A zip's pictures by file name. */
export type PictureZip = {
  /** The picture a cell names (its file name, any folder, case and Unicode form ignored). */
  find(name: string): Entry | undefined;
  /** The picture's bytes; 413 IMAGE_TOO_LARGE past the upload limit. */
  read(entry: Entry): Promise<Buffer>;
};

/** How a name is compared: its last path segment, NFC, lower case. */
const nameKey = (name: string) => (name.split(/[\\/]/).at(-1) ?? '').normalize('NFC').toLowerCase();

/** Not pictures: folders, and what macOS and Windows add to a zip beside the files. */
const isClutter = (name: string) => name.endsWith('/') || /(^|\/)(__MACOSX\/|\.|Thumbs\.db$)/i.test(name);

export async function openPictureZip(buffer: Buffer, maxPictureBytes: number): Promise<PictureZip> {
  let zip: yauzl.ZipFile;
  const entries = new Map<string, Entry>();
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true });
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: Entry) => {
        if (!isClutter(entry.fileName)) {
          if (entries.size >= MAX_IMPORT_ZIP_FILES) {
            reject(failure('importZipInvalid'));
            return;
          }
          // Two files of one name in different folders: the first one is taken.
          const key = nameKey(entry.fileName);
          if (!entries.has(key)) entries.set(key, entry);
        }
        zip.readEntry();
      });
      zip.once('end', resolve);
      zip.once('error', reject);
      zip.readEntry();
    });
  } catch {
    // Not a zip, a broken one, or more pictures than an import takes.
    throw failure('importZipInvalid');
  }
  return {
    find: (name) => entries.get(nameKey(name)),
    async read(entry) {
      if (entry.uncompressedSize > maxPictureBytes) throw failure('imageTooLarge');
      const chunks: Buffer[] = [];
      try {
        const stream = await zip.openReadStreamPromise(entry);
        for await (const chunk of stream) chunks.push(chunk as Buffer);
      } catch {
        throw failure('imageInvalid');
      }
      return Buffer.concat(chunks);
    },
  };
}
