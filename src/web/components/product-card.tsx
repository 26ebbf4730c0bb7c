import { Star } from 'lucide-react';
import { Link } from 'react-router';
import { markMatchedWords } from '../../contract/arabic-text';
import { t } from '../i18n/ar';
import { pt } from '../i18n/product';
import { formatNumber, formatPrice, imageSrcSet } from '../lib/format';
import { plural } from '../lib/plural';
import type { CardProduct } from '../lib/product-cards';
import { FavoriteButton } from './favorite-button';

type ProductCardProps = {
  product: CardProduct;
  currency: string;
  eager?: boolean;
  /** A search keyword whose words are marked in the title. */
  highlight?: string;
};

/** The title with the words a search matched in `<mark>`. */
function MarkedTitle({ title, keyword }: { title: string; keyword: string }) {
  return markMatchedWords(title, keyword).map((part) =>
    part.matched ? (
      <mark key={part.start} className="rounded-sm bg-amber-100 text-inherit">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}

export function ProductCard({ product, currency, eager = false, highlight }: ProductCardProps) {
  const discounted = product.priceAfterDiscount !== undefined;
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <img
        src={product.imageCover ?? '/placeholder.svg'}
        srcSet={imageSrcSet(product.imageCoverSizes)}
        sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
        width={480}
        height={480}
        alt=""
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        className="aspect-square w-full object-contain"
      />
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3 className="line-clamp-2 min-h-12 text-sm font-bold leading-6">
          <Link to={`/products/${product.id}`} className="after:absolute after:inset-0">
            {highlight ? <MarkedTitle title={product.title} keyword={highlight} /> : product.title}
          </Link>
        </h3>
        {/* No reviews yet: no star and no «0» (docs/catalogue.md). */}
        {product.ratingsQuantity > 0 && (
          <p className="flex items-center gap-1 text-sm text-slate-700">
            <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
            <span className="sr-only">
              {t.rating(formatNumber(product.ratingsAverage, 1), plural(product.ratingsQuantity, pt.ratingsCount))}
            </span>
            <span aria-hidden="true">{formatNumber(product.ratingsAverage, 1)}</span>
          </p>
        )}
        <p className="mt-auto flex flex-wrap items-baseline gap-2">
          <span className="font-bold text-brand-700">
            {formatPrice(product.priceAfterDiscount ?? product.price, currency)}
          </span>
          {discounted && (
            <s className="text-sm text-slate-500">
              <span className="sr-only">{t.priceBefore}</span>
              {formatPrice(product.price, currency)}
            </s>
          )}
        </p>
      </div>
      {/* After the title link in reading order; drawn over the picture's corner. */}
      <FavoriteButton product={product} />
    </article>
  );
}

export function ProductGrid({
  products,
  currency,
  eagerCount = 0,
  highlight,
}: {
  products: CardProduct[];
  currency: string;
  eagerCount?: number;
  highlight?: string;
}) {
  if (products.length === 0) return <p className="py-8 text-center text-slate-600">{t.noProducts}</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} currency={currency} eager={index < eagerCount} highlight={highlight} />
        </li>
      ))}
    </ul>
  );
}
