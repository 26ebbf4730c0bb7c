import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Product, Suggestion } from '../../src/contract/types.js';
import { seedDatabase } from '../../src/db/seed/index.js';
import { mediaStoreOf } from '../../src/server/media/store.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { apiClient, createTaxonomy, expectEnvelope, firstError, insertProduct, unique } from '../helpers/shopping.js';
import { judgedQueries } from '../search/judged-queries.js';

let t: TestApp;
let admin: Account;
const { send, expectNo5xx } = apiClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase({
    db: t.database.db,
    config: t.config,
    media: mediaStoreOf({ ...t.config, maxImagePixels: 1e8 }),
  });
  admin = await createAccount(t, 'admin');
}, 120_000);
afterAll(() => t.close());
afterEach(() => expectNo5xx());

type ListBody = { results: number; paginationResult: { numberOfPages: number }; data: Product[] };
const search = async (query: string) => {
  const res = await send('GET', `/products?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ListBody;
};
const titlesFor = async (keyword: string, extra = '') =>
  (await search(`limit=8&keyword=${encodeURIComponent(keyword)}${extra}`)).data.map((p) => p.title);

describe('the judged queries on the demo catalogue', () => {
  const kinds = [...new Set(judgedQueries.map((item) => item.kind))];
  it.each(kinds)('%s: every expected product is in the first 8; nothing-queries find nothing', async (kind) => {
    const failures: string[] = [];
    for (const item of judgedQueries.filter((judged) => judged.kind === kind)) {
      const titles = await titlesFor(item.query);
      if (item.kind === 'nothing' && titles.length > 0) failures.push(`${item.query} → ${titles.join(' | ')}`);
      for (const title of item.expect) if (!titles.includes(title)) failures.push(`${item.query} ✗ ${title}`);
      for (const title of item.reject ?? []) if (titles.includes(title)) failures.push(`${item.query} ∋ ${title}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('relevance, filters and paging', () => {
  it('without a sort the best match comes first (title before description), best sellers among equals', async () => {
    const { category } = await createTaxonomy(t);
    const word = 'فانوس';
    const inDescription = await insertProduct(
      t,
      { categoryId: category.id },
      {
        title: unique('مصباح'),
        description: `يضيء مثل ${word} رمضان`,
        sold: 900,
      },
    );
    const inTitleFew = await insertProduct(t, { categoryId: category.id }, { title: unique(`${word} نحاسي`), sold: 1 });
    const inTitleMany = await insertProduct(
      t,
      { categoryId: category.id },
      { title: unique(`${word} خشبي`), sold: 50 },
    );
    const body = await search(`keyword=${encodeURIComponent(word)}&category=${category.id}`);
    expect(body.data.map((p) => p.id)).toEqual([inTitleMany.id, inTitleFew.id, inDescription.id]);
    // An explicit sort wins over relevance.
    const bySold = await search(`keyword=${encodeURIComponent(word)}&category=${category.id}&sort=-sold`);
    expect(bySold.data.map((p) => p.id)).toEqual([inDescription.id, inTitleMany.id, inTitleFew.id]);
  });

  it('combines with category, brand and price filters; results counts exactly the matches', async () => {
    const { category, brand } = await createTaxonomy(t);
    const word = 'قنديل';
    const cheap = await insertProduct(
      t,
      { categoryId: category.id, brandId: brand.id },
      { title: `${word} صغير`, price: 5_000 },
    );
    await insertProduct(t, { categoryId: category.id, brandId: brand.id }, { title: `${word} كبير`, price: 50_000 });
    await insertProduct(t, { categoryId: category.id }, { title: `${word} بلا ماركة`, price: 5_000 });
    const k = encodeURIComponent(word);
    expect((await search(`keyword=${k}&category=${category.id}`)).results).toBe(3);
    expect((await search(`keyword=${k}&brand=${brand.id}`)).results).toBe(2);
    const filtered = await search(`keyword=${k}&brand=${brand.id}&price[lte]=100`);
    expect(filtered.results).toBe(1);
    expect(filtered.data.map((p) => p.id)).toEqual([cheap.id]);
  });

  it('pages through the matches without repeats; a page past the end is empty but still counts them', async () => {
    const { category } = await createTaxonomy(t);
    const word = 'مسند'; // A word no demo product uses.
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++)
      ids.add((await insertProduct(t, { categoryId: category.id }, { title: `${word} ${i}` })).id);
    const k = encodeURIComponent(word);
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const body = await search(`keyword=${k}&limit=2&page=${page}`);
      expectEnvelope(body, { results: 5, currentPage: page, limit: 2, length: page === 3 ? 1 : 2 });
      seen.push(...body.data.map((p) => p.id));
    }
    expect(new Set(seen)).toEqual(ids);
    const past = await search(`keyword=${k}&limit=2&page=9`);
    expect(past.results).toBe(5);
    expect(past.data).toEqual([]);
  });

  it('with more matches than are ranked by closeness of name, pages still list each match once, in one order', async () => {
    const { category } = await createTaxonomy(t);
    const word = 'مسبحة';
    // The product named exactly like the query sells the most, so it is in the closeness window.
    const exact = await insertProduct(t, { categoryId: category.id }, { title: `${word} كهرمان`, sold: 500 });
    for (let i = 0; i < 79; i++) {
      await insertProduct(t, { categoryId: category.id }, { title: `${word} ${i} كهرمان حبات مزخرفة`, sold: i % 7 });
    }
    const k = encodeURIComponent(`${word} كهرمان`);
    const whole = await search(`keyword=${k}&limit=100`);
    expect(whole.results).toBe(80);
    expect(whole.data[0]?.id).toBe(exact.id);
    const paged: string[] = [];
    for (const page of [1, 2, 3, 4])
      paged.push(...(await search(`keyword=${k}&limit=25&page=${page}`)).data.map((p) => p.id));
    expect(paged).toEqual(whole.data.map((p) => p.id));
  });
  it('finds a product by its new title after an edit, not by the old one', async () => {
    const { category } = await createTaxonomy(t);
    const product = await insertProduct(t, { categoryId: category.id }, { title: 'سجادة صلاة قديمة' });
    const { payload, headers } = multipart({ title: 'مصلية مخملية' }, {});
    const res = await send('PUT', `/products/${product.id}`, {
      token: admin.token,
      payload,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await titlesFor('مصليه مخمليه')).toEqual(['مصلية مخملية']);
    expect(await titlesFor('سجادة صلاة')).toEqual([]);
  });

  it('a renamed brand finds its products under the new name', async () => {
    const { category, brand } = await createTaxonomy(t);
    await insertProduct(t, { categoryId: category.id, brandId: brand.id }, { title: 'منتج بلا اسم تجاري' });
    const { payload, headers } = multipart({ name: 'مارفيلو' }, {});
    const res = await send('PUT', `/brands/${brand.id}`, { token: admin.token, payload, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(await titlesFor('مارفيلو')).toEqual(['منتج بلا اسم تجاري']);
  });

  it('a keyword of punctuation only finds nothing; a keyword with spaces around is trimmed', async () => {
    expect((await search('keyword=%21%21%21')).results).toBe(0);
    expect(await titlesFor('  مسك أبيض  ')).toContain('مسك أبيض مركز 12 مل');
  });
});

describe('GET /products/suggest', () => {
  const suggest = async (keyword: string) => {
    const res = await send('GET', `/products/suggest?keyword=${encodeURIComponent(keyword)}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: Suggestion[] }).data;
  };

  it('offers the brand first, then its products, at most 8, while the word is still being typed', async () => {
    const items = await suggest('سامس');
    expect(items[0]).toMatchObject({ type: 'brand', name: 'سامسونج' });
    expect(items.length).toBeLessThanOrEqual(8);
    expect(items.filter((item) => item.type === 'product').map((item) => item.name)).toContain(
      'هاتف سامسونج جالاكسي S24 ألترا 256 جيجابايت',
    );
  });

  it('finds categories by any spelling, and brands by their Latin name', async () => {
    expect((await suggest('احذيه'))[0]).toMatchObject({ type: 'category', name: 'أحذية' });
    expect((await suggest('samsung'))[0]).toMatchObject({ type: 'brand', name: 'سامسونج' });
  });

  it('an empty keyword suggests nothing; a keyword over 200 characters is refused', async () => {
    expect(await suggest('')).toEqual([]);
    const long = await send('GET', `/products/suggest?keyword=${'ا'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(firstError(long).param).toBe('keyword');
  });
});

describe('colours, sizes and whole words (docs/catalogue.md § Search)', () => {
  const satinDress = 'فستان سهرة ساتان طويل'; // #7f1d1d (عنابي), #0f172a, #065f46
  const floralDress = 'فستان زارا نسائي ميدي بنقشة زهور'; // #fda4af (وردي), #1e3a8a (كحلي)
  const stanSmith = 'حذاء أديداس ستان سميث الكلاسيكي';
  const kettle = 'غلاية ماء كهربائية فيليبس 1.7 لتر';

  it('a colour word in either gender, with the article or as a shade finds its family’s colours', async () => {
    for (const keyword of ['فستان احمر', 'فستان أحمر', 'فستان حمراء', 'الفستان الأحمر', 'فستان عنابي', 'فستان خمري']) {
      expect(await titlesFor(keyword), keyword).toEqual([satinDress]);
    }
    expect(await titlesFor('فستان كحلي')).toEqual([floralDress]);
    expect(await titlesFor('فستان زرقاء')).toEqual([floralDress]);
    expect(await titlesFor('فستان وردي')).toEqual([floralDress]);
  });

  it('colours named in a colour option, Latin colour names and «بلون» count too', async () => {
    const { category } = await createTaxonomy(t);
    const word = 'شماغ';
    const named = await insertProduct(
      t,
      { categoryId: category.id },
      { title: unique(word), options: [{ name: 'اللون', values: ['أحمر', 'أبيض'] }] },
    );
    const swatch = await insertProduct(
      t,
      { categoryId: category.id },
      { title: unique(word), availableColors: ['#000000'] },
    );
    const ids = async (keyword: string) =>
      (await search(`keyword=${encodeURIComponent(keyword)}&category=${category.id}`)).data.map((p) => p.id);
    expect(await ids(`${word} حمراء`)).toEqual([named.id]);
    expect(await ids(`${word} red`)).toEqual([named.id]);
    expect(await ids(`${word} بلون ابيض`)).toEqual([named.id]);
    expect(await ids(`${word} سوداء`)).toEqual([swatch.id]);
    expect(await ids(`${word} اخضر`)).toEqual([]);
  });

  it('a size finds the products sold in it: «مقاس 42», «36», «XL»', async () => {
    const menSizes = await titlesFor('حذاء مقاس 42');
    expect(menSizes).toEqual(expect.arrayContaining(['حذاء نايكي إير ماكس 270 الرياضي للرجال', stanSmith]));
    // Women's shoes come in 36 to 41.
    expect(menSizes).not.toContain('حذاء نسائي بكعب عالٍ جلد لامع');
    const womenSizes = await titlesFor('حذاء 36');
    expect(womenSizes).toContain('حذاء نسائي بكعب عالٍ جلد لامع');
    expect(womenSizes).not.toContain(stanSmith);
    expect(await titlesFor('تيشيرت XL')).toEqual(['تيشيرت نايكي دراي فيت رياضي للرجال']);
  });

  it('«فستان» finds the dresses only: not the shoe named «ستان», nor the stainless-steel kettle', async () => {
    const titles = await titlesFor('فستان');
    expect(titles).toEqual(expect.arrayContaining([satinDress, floralDress]));
    expect(titles).not.toContain(stanSmith);
    expect(titles).not.toContain(kettle);
    // The shoe is still found by its own name.
    expect(await titlesFor('ستان سميث')).toEqual([stanSmith]);
  });

  it('a typing slip still finds, without matching inside longer words', async () => {
    const dresses = await titlesFor('فسطان');
    expect(dresses).toEqual(expect.arrayContaining([satinDress, floralDress]));
    expect(dresses).not.toContain(stanSmith);
    expect(await titlesFor('قميض بولو')).toEqual(['قميص بولو رجالي قطن بيكيه']);
  });

  it('a draft holding the misspelt word decides nothing for the public: the slip is still forgiven', async () => {
    const { category } = await createTaxonomy(t);
    await insertProduct(t, { categoryId: category.id }, { title: unique('فسطان مسودة'), status: 'draft' });
    const dresses = await titlesFor('فسطان');
    expect(dresses).toEqual(expect.arrayContaining([satinDress, floralDress]));
  });
});

describe('a search that finds nothing never dead-ends (docs/catalogue.md § Search)', () => {
  type NoMatchBody = ListBody & {
    noMatch?: { didYouMean: string | null; nearest: { keyword: string; data: Product[] } | null; popular: Product[] };
  };
  const nothingFor = async (keyword: string) => {
    const { noMatch, ...envelope } = (await search(`limit=8&keyword=${encodeURIComponent(keyword)}`)) as NoMatchBody;
    // The list itself is what older clients read: empty, as before.
    expectEnvelope(envelope, { results: 0, currentPage: 1, limit: 8, length: 0 });
    if (!noMatch) throw new Error(`no noMatch for ${keyword}`);
    return noMatch;
  };
  const expectBestSellers = (popular: Product[]) => {
    expect(popular.length).toBeGreaterThan(0);
    expect(popular.length).toBeLessThanOrEqual(8);
    const sold = popular.map((p) => p.sold);
    expect(sold).toEqual([...sold].sort((a, b) => b - a));
  };

  it('with a word left out: the nearest matches of the shorter keyword, and the best sellers', async () => {
    const help = await nothingFor('فستان اصفر');
    expect(help.didYouMean).toBeNull();
    expect(help.nearest?.keyword).toBe('فستان');
    expect(help.nearest?.data.map((p) => p.title).sort()).toEqual(
      ['فستان زارا نسائي ميدي بنقشة زهور', 'فستان سهرة ساتان طويل'].sort(),
    );
    expectBestSellers(help.popular);
  });

  it('a word no product has: «هل تقصد» the catalogue’s word most like it, and what that finds', async () => {
    const help = await nothingFor('فسططان');
    expect(help.didYouMean).toBe('فستان');
    expect(help.nearest?.keyword).toBe('فستان');
    expect(help.nearest?.data.every((p) => p.title.startsWith('فستان'))).toBe(true);
    // The word as the catalogue writes it (with its hamza), the other words as typed.
    expect((await nothingFor('اديداس الترااااا بوست')).didYouMean).toBe('اديداس ألترا بوست');
  });

  it('nothing close at all: only the best sellers', async () => {
    const help = await nothingFor('بيتزا');
    expect(help.didYouMean).toBeNull();
    expect(help.nearest).toBeNull();
    expectBestSellers(help.popular);
    // Shorter keywords are made of the words searched: a stop word is never tried alone.
    expect((await nothingFor('بيتزا من البلاتين')).nearest).toBeNull();
  });

  it('never offers a draft: not its words, not among the best sellers', async () => {
    const { category } = await createTaxonomy(t);
    const draft = await insertProduct(
      t,
      { categoryId: category.id },
      { title: unique('زعفران'), status: 'draft', sold: 1_000_000 },
    );
    const help = await nothingFor('زعفرااان');
    expect(help.didYouMean).toBeNull();
    expect(help.nearest).toBeNull();
    expect(help.popular.map((p) => p.id)).not.toContain(draft.id);
  });

  it('is left out of a search that found something, of later pages and of lists without a keyword', async () => {
    expect('noMatch' in (await search(`keyword=${encodeURIComponent('فستان')}`))).toBe(false);
    expect('noMatch' in (await search(`keyword=${encodeURIComponent('فستان اصفر')}&page=2`))).toBe(false);
    expect('noMatch' in (await search('limit=1'))).toBe(false);
  });
});
