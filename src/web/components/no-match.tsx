import { Link } from 'react-router';
import { c } from '../i18n/catalog';
import type { NoMatchCards } from '../lib/product-cards';
import { ProductGrid } from './product-card';

/** Where a keyword's own search is: the listing with that keyword and the same filters. */
export type NoMatchLinks = { didYouMean: string | null; nearest: string | null };

/**
 * What a search that found nothing shows instead of an empty page (docs/catalogue.md § Search):
 * «هل تقصد» with the respelled keyword as a link, the nearest matches and the best sellers.
 */
export function NoMatchHelp({ help, links, currency }: { help: NoMatchCards; links: NoMatchLinks; currency: string }) {
  return (
    <div className="space-y-8" data-testid="no-match">
      <p className="text-slate-700">{c.noMatchLead}</p>
      {help.didYouMean && links.didYouMean && (
        <p className="text-lg">
          {c.didYouMean}{' '}
          <Link to={links.didYouMean} className="font-bold text-brand-700 underline underline-offset-4">
            <bdi>{help.didYouMean}</bdi>
          </Link>
          ؟
        </p>
      )}
      {help.nearest && (
        <section aria-labelledby="nearest-heading" className="space-y-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="nearest-heading" className="text-xl font-bold">
              {c.nearestHeading(help.nearest.keyword)}
            </h2>
            {links.nearest && (
              <Link to={links.nearest} className="font-bold text-brand-700 hover:underline">
                {c.nearestAll(help.nearest.keyword)}
              </Link>
            )}
          </div>
          <ProductGrid products={help.nearest.data} currency={currency} highlight={help.nearest.keyword} />
        </section>
      )}
      {help.popular.length > 0 && (
        <section aria-labelledby="popular-heading" className="space-y-3">
          <h2 id="popular-heading" className="text-xl font-bold">
            {c.popularHeading}
          </h2>
          <ProductGrid products={help.popular} currency={currency} />
        </section>
      )}
    </div>
  );
}
