import { and, desc, like, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { suggestionList, suggestQuerySchema } from '../../../contract/catalog.js';
import type { Suggestion } from '../../../contract/types.js';
import type { Database } from '../../../db/client.js';
import { brands, categories, products } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { expandKeyword, keywordSearch } from './keyword-search.js';
import { isActive } from './product-visibility.js';

/** The search box shows this many entries at most (issue 6). */
export const MAX_SUGGESTIONS = 8;
/** Brands and categories first, but never crowding products out. */
const MAX_GROUPS = 3;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Brands and categories whose name has, for every query word, a word starting with one of its terms. */
async function matchingGroups(db: Database, keyword: string): Promise<Suggestion[]> {
  const words = await expandKeyword(db, keyword);
  if (words.length === 0) return [];
  const find = async (table: typeof brands | typeof categories, type: Suggestion['type']) => {
    // ' ' + forms makes "starts a word" a LIKE '% term%'.
    const padded = sql`(' ' || ${table.searchName})`;
    const wordMatches = words.map(({ terms, prefixes }) =>
      or(...[...terms, ...prefixes].map((term): SQL => like(padded, `% ${escapeLike(term)}%`))),
    );
    const rows = await db
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(
        sql.join(
          wordMatches.filter((match): match is SQL => match !== undefined),
          sql` AND `,
        ),
      )
      .orderBy(table.name)
      .limit(MAX_GROUPS);
    return rows.map((row): Suggestion => ({ type, id: row.id, name: row.name }));
  };
  const [brandRows, categoryRows] = await Promise.all([find(brands, 'brand'), find(categories, 'category')]);
  return [...brandRows, ...categoryRows].slice(0, MAX_GROUPS);
}

async function matchingProducts(db: Database, keyword: string, limit: number): Promise<Suggestion[]> {
  const search = await keywordSearch(db, keyword, isActive);
  const rows = await db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(and(search.where, isActive))
    // A suggestion is asked for at every keystroke: the cheaper full-text rank is enough for it.
    .orderBy(desc(search.textRank), desc(products.sold), desc(products.id))
    .limit(limit);
  return rows.map((row): Suggestion => ({ type: 'product', id: row.id, name: row.title }));
}

/** `GET /products/suggest?keyword=`: up to 8 brands, categories and products for the search box. */
export async function suggestionRoutes(app: FastifyInstance, ctx: AppContext) {
  /** What the route takes and answers (the OpenAPI document is built from it). */
  const contract = { querystring: suggestQuerySchema, response: { 200: suggestionList }, tags: ['products'] };
  app.withTypeProvider<ZodTypeProvider>().get('/suggest', { schema: contract }, async (request) => {
    const { keyword } = request.query;
    if (!keyword) return { status: 'success' as const, results: 0, data: [] };
    const groups = await matchingGroups(ctx.db, keyword);
    const items = [...groups, ...(await matchingProducts(ctx.db, keyword, MAX_SUGGESTIONS - groups.length))];
    return { status: 'success' as const, results: items.length, data: items };
  });
}
