import { Link } from 'react-router';
import type { Product } from '../../contract/types';
import { ap } from '../i18n/admin-products';
import { formatNumber, formatPrice, imageSrcSet } from '../lib/format';
import { DeleteOpener, EditLink } from './item-actions';

type AdminProductCardProps = {
  product: Product;
  currency: string;
  onDelete: () => void;
  /** Where the delete button links before JavaScript loads (the page with its dialog open). */
  deleteHref: string;
};

/** docs/specification.md (Screens and routes: Staff screens), product list: picture, name, price (and the price before the discount), quantity, edit and delete. */
export function AdminProductCard({ product, currency, onDelete, deleteHref }: AdminProductCardProps) {
  const headingId = `product-${product.id}`;
  const discounted = product.priceAfterDiscount !== undefined;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 sm:flex-col"
    >
      <img
        src={product.imageCover ?? '/placeholder.svg'}
        srcSet={imageSrcSet(product.imageCoverSizes)}
        sizes="(min-width: 1280px) 20vw, (min-width: 640px) 40vw, 96px"
        width={480}
        height={480}
        alt=""
        loading="lazy"
        decoding="async"
        className="aspect-square w-24 shrink-0 self-start bg-white object-contain sm:w-full"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-3 sm:p-4">
        <h2 id={headingId} className="line-clamp-2 font-bold leading-7">
          <Link to={`/products/${product.id}`} className="hover:underline">
            {product.title}
          </Link>
        </h2>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="sr-only">{ap.price}:</span>
          <span className="font-bold text-brand-700">
            {formatPrice(product.priceAfterDiscount ?? product.price, currency)}
          </span>
          {discounted && (
            <s className="text-sm text-slate-600">
              <span className="sr-only">{ap.priceBefore}:</span>
              {formatPrice(product.price, currency)}
            </s>
          )}
        </p>
        <p className={`text-sm ${product.quantity === 0 ? 'font-bold text-red-700' : 'text-slate-700'}`}>
          {product.quantity === 0 ? ap.soldOut : ap.quantityLeft(formatNumber(product.quantity))}
        </p>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <EditLink to={`/admin/editproducts/${product.id}`} label={ap.edit} name={ap.editNamed(product.title)} />
          <DeleteOpener href={deleteHref} onOpen={onDelete} label={ap.delete} name={ap.deleteNamed(product.title)} />
        </div>
      </div>
    </article>
  );
}
