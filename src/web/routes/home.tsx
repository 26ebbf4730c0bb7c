import { Link } from 'react-router';
import { pageSizes } from '../../contract/constants';
import { NamedTile } from '../components/named-tile';
import { ProductGrid } from '../components/product-card';
import { PromoCarousel } from '../components/promo-carousel';
import { Section } from '../components/section';
import { t } from '../i18n/ar';
import { apiFor } from '../lib/context.server';
import { toTile } from '../lib/named-tiles';
import { toCard } from '../lib/product-cards';
import { publicPageHeaders } from '../lib/public-page';
import type { Route } from './+types/home';

/**
 * One call: GET /home answers the slides shown now, the featured or first categories, the featured
 * products and the latest ones, and the brands (docs/home-page.md). Without a featured choice the
 * two product blocks are the latest products, split in two, as they always were.
 */
// The same for every guest (docs/caching.md).
export const headers = publicPageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data: home } = await apiFor(request, context).home.get();
  const featured = home.featuredProducts.length > 0;
  return {
    shop: context.shop,
    slides: home.slides,
    categories: home.categories.map(toTile),
    brands: home.brands.map(toTile),
    featured,
    firstBlock: (featured ? home.featuredProducts : home.latestProducts.slice(0, pageSizes.homeBlock)).map(toCard),
    latestFashion: (featured
      ? home.latestProducts.slice(0, pageSizes.homeBlock)
      : home.latestProducts.slice(pageSizes.homeBlock, pageSizes.homeBlock * 2)
    ).map(toCard),
  };
}

export function meta({ data }: Route.MetaArgs) {
  const name = data?.shop.name ?? 'متجر';
  return [
    { title: t.homeTitle(name) },
    { name: 'description', content: t.homeDescription },
    { tagName: 'link', rel: 'canonical', href: `${data?.shop.publicUrl ?? ''}/` },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { shop, slides, categories, brands, featured, firstBlock, latestFashion } = loaderData;
  return (
    <>
      <h1 className="sr-only">{t.homeTitle(shop.name)}</h1>
      <PromoCarousel slides={slides} />

      <Section id="home-categories" title={t.categories} moreHref="/allcategory">
        {categories.length === 0 ? (
          <p className="text-slate-600">{t.noCategories}</p>
        ) : (
          <ul className="grid grid-cols-3 gap-3 sm:grid-cols-5">
            {categories.map((category, index) => (
              <li key={category.id}>
                <NamedTile item={category} href={`/products/allCategory/${category.id}`} colorIndex={index} />
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section
        id={featured ? 'home-featured' : 'home-best-sellers'}
        title={featured ? t.featuredProducts : t.bestSellers}
        moreHref="/products"
      >
        <ProductGrid products={firstBlock} currency={shop.currency} eagerCount={2} />
      </Section>

      <section aria-labelledby="laptop-banner" className="my-8 rounded-2xl bg-slate-900 px-6 py-8 text-white sm:px-12">
        <h2 id="laptop-banner" className="mb-2 text-2xl font-bold">
          {t.laptopBannerTitle}
        </h2>
        <p className="mb-4 text-slate-200">{t.laptopBannerText}</p>
        <Link
          to="/products"
          className="inline-block rounded-lg bg-brand-500 px-4 py-2 font-bold text-slate-950 hover:bg-brand-100"
        >
          {t.shopNow}
        </Link>
      </section>

      <Section id="home-latest-fashion" title={t.latestFashion} moreHref="/products">
        <ProductGrid products={latestFashion} currency={shop.currency} />
      </Section>

      <Section id="home-brands" title={t.popularBrands} moreHref="/allbrands">
        {brands.length === 0 ? (
          <p className="text-slate-600">{t.noBrands}</p>
        ) : (
          <ul className="grid grid-cols-3 gap-3 sm:grid-cols-6">
            {brands.map((brand) => (
              <li key={brand.id}>
                <NamedTile item={brand} href={`/products/allBrand/${brand.id}`} />
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
