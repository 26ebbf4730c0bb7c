import { z } from 'zod';
import { dataEnvelope, failureSchema, nonNegativeInt } from './common.js';
import { apiErrorCodes } from './errors.js';
import { apiMessages as m } from './messages.js';

/*
 * `POST /products/import?dryRun=true|false` (docs/product-import.md): a CSV of the export's shape
 * creates or updates products and variants by SKU. A dry run checks every row and changes
 * nothing; an apply writes all of it in one transaction, or nothing when any row is wrong.
 */

export const productImportQuery = z.object({
  /** Checks only, the default: an import that writes must say so. */
  dryRun: z
    .enum(['true', 'false'], { error: m.flagFilterInvalid })
    .default('true')
    .transform((value) => value === 'true'),
});

/**
 * The form: `file`, the CSV (UTF-8, the export's headings), and `images`, a zip of the pictures
 * the rows name by file name. The server reads it itself (multipart); this describes it.
 */
export const productImportForm = z.object({
  file: z.file().describe('The CSV, at most MAX_IMPORT_CSV_MB (10) MB'),
  images: z.file().optional().describe('A zip of pictures, at most MAX_IMPORT_ZIP_MB (100) MB'),
});

/** One thing wrong with one cell (or, with an empty `column`, with a whole row). */
export const importProblemSchema = z.object({
  /** The row as a spreadsheet numbers it: the headings are row 1, so the first product is row 2. */
  row: z.int().positive(),
  /** The column's heading as the file names it, e.g. «السعر»; '' for the row as a whole. */
  column: z.string(),
  /** The catalogue's stable code (docs/api-errors.md); the web says it in Arabic. */
  code: z.enum(apiErrorCodes),
  message: z.string(),
  /** The cell as the file has it. */
  value: z.string().optional(),
});
export type ImportProblem = z.output<typeof importProblemSchema>;

const createdUpdated = z.object({ created: nonNegativeInt, updated: nonNegativeInt });

/** What the import found (a dry run) or did: counts, and every problem (an apply has none). */
export const productImportReport = z.object({
  dryRun: z.boolean(),
  /** Rows read, the headings not counted. */
  rows: nonNegativeInt,
  products: createdUpdated,
  variants: createdUpdated,
  /** Pictures taken from the zip. */
  images: nonNegativeInt,
  problems: z.array(importProblemSchema),
});
export type ProductImportReport = z.output<typeof productImportReport>;
export const productImportResult = dataEnvelope(productImportReport);

/** An apply refused for its rows (400 `IMPORT_ROWS_INVALID`): the fail body with every problem. */
export const importRowsRefused = failureSchema.extend({ problems: z.array(importProblemSchema) });
