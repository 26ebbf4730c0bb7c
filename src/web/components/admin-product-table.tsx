import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '../../contract/types';
import { ap } from '../i18n/admin-products';
import { stockFlag } from '../lib/admin-products-query';
import { formatNumber, formatPrice, imageSrcSet } from '../lib/format';
import { plural } from '../lib/plural';
import { useHydrated } from '../lib/use-hydrated';
import { DeleteOpener, EditLink } from './item-actions';

/** The bulk actions' form; the rows' checkboxes belong to it by this id. */
export const BULK_FORM_ID = 'bulk-products';

type AdminProductTableProps = {
  products: Product[];
  currency: string;
  lowStockThreshold: number;
  onDelete: (id: string) => void;
  /** Where a row's delete button links before JavaScript loads (the page with its dialog open). */
  deleteHref: (id: string) => string;
};

const cell = 'px-3 py-2 align-middle';

/**
 * The admin products table (docs/catalogue.md § The admin products table): one dense row per
 * product, a checkbox each for the bulk actions. On a phone it scrolls sideways in its own region.
 */
export function AdminProductTable({
  products,
  currency,
  lowStockThreshold,
  onDelete,
  deleteHref,
}: AdminProductTableProps) {
  const t = ap.table;
  const hydrated = useHydrated();
  const body = useRef<HTMLTableSectionElement>(null);
  const [selected, setSelected] = useState(0);
  const boxes = () => [...(body.current?.querySelectorAll<HTMLInputElement>('input[name="ids"]') ?? [])];
  const count = () => setSelected(boxes().filter((box) => box.checked).length);
  const all = products.length > 0 && selected === products.length;

  return (
    <>
      {hydrated && (
        <p aria-live="polite" className="mb-2 text-sm text-slate-700">
          {ap.bulk.selected(formatNumber(selected))}
        </p>
      )}
      {/* Scrolls sideways on a narrow phone: focusable, so a keyboard can scroll it too; `relative`
          keeps its screen-reader-only texts inside it, or they would widen the page. */}
      <section
        aria-labelledby="admin-products-caption"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus for keyboard users (axe scrollable-region-focusable)
        tabIndex={0}
        className="relative overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 focus-visible:outline-2"
      >
        <table className="w-full min-w-[46rem] border-collapse text-sm">
          <caption id="admin-products-caption" className="sr-only">
            {t.caption}
          </caption>
          <thead className="bg-slate-50 text-slate-800">
            <tr>
              <th scope="col" className={`${cell} w-10`}>
                <input
                  type="checkbox"
                  aria-label={ap.bulk.selectAll}
                  checked={all}
                  disabled={!hydrated}
                  onChange={(event) => {
                    for (const box of boxes()) box.checked = event.target.checked;
                    count();
                  }}
                  className="size-4"
                />
              </th>
              <th scope="col" className={`${cell} w-16 text-start`}>
                {t.image}
              </th>
              <th scope="col" className={`${cell} text-start`}>
                {t.title}
              </th>
              <th scope="col" className={`${cell} text-start`}>
                {t.sku}
              </th>
              <th scope="col" className={`${cell} text-start`}>
                {t.price}
              </th>
              <th scope="col" className={`${cell} text-start`}>
                {t.quantity}
              </th>
              <th scope="col" className={`${cell} text-start`}>
                {t.status}
              </th>
              <th scope="col" className={`${cell} text-start`}>
                {t.actions}
              </th>
            </tr>
          </thead>
          <tbody ref={body}>
            {products.map((product) => {
              const flag = stockFlag(product, lowStockThreshold);
              return (
                <tr key={product.id} className="border-t border-slate-200">
                  <td className={cell}>
                    <input
                      type="checkbox"
                      name="ids"
                      value={product.id}
                      form={BULK_FORM_ID}
                      aria-label={ap.bulk.selectRow(product.title)}
                      onChange={count}
                      className="size-4"
                    />
                  </td>
                  <td className={cell}>
                    <img
                      src={product.imageCover ?? '/placeholder.svg'}
                      srcSet={imageSrcSet(product.imageCoverSizes)}
                      sizes="48px"
                      width={48}
                      height={48}
                      alt=""
                      loading="lazy"
                      decoding="async"
                      className="size-12 rounded bg-white object-contain"
                    />
                  </td>
                  <th scope="row" className={`${cell} text-start font-bold`}>
                    <Link to={`/products/${product.id}`} className="line-clamp-2 hover:underline">
                      {product.title}
                    </Link>
                  </th>
                  <td className={`${cell} whitespace-nowrap`}>
                    <bdi dir="ltr">{product.variants[0]?.sku}</bdi>
                    {product.variants.length > 1 && (
                      <span className="block text-xs text-slate-600">
                        {plural(product.variants.length, t.variantsCount)}
                      </span>
                    )}
                  </td>
                  <td className={`${cell} whitespace-nowrap`}>
                    {formatPrice(product.priceAfterDiscount ?? product.price, currency)}
                    {product.priceAfterDiscount !== undefined && (
                      <s className="block text-xs text-slate-600">
                        <span className="sr-only">{ap.priceBefore}:</span>
                        {formatPrice(product.price, currency)}
                      </s>
                    )}
                  </td>
                  <td className={`${cell} whitespace-nowrap`}>
                    {formatNumber(product.quantity)}
                    {flag && (
                      <span
                        className={`ms-2 rounded-full px-2 py-0.5 text-xs font-bold ${
                          flag === 'out' ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900'
                        }`}
                      >
                        {flag === 'out' ? t.outOfStock : t.lowStock}
                      </span>
                    )}
                  </td>
                  <td className={`${cell} whitespace-nowrap`}>
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-bold ${
                        product.status === 'draft' ? 'bg-slate-200 text-slate-800' : 'bg-emerald-100 text-emerald-900'
                      }`}
                    >
                      {t.statuses[product.status]}
                    </span>
                  </td>
                  <td className={cell}>
                    <div className="flex gap-2">
                      <EditLink
                        to={`/admin/editproducts/${product.id}`}
                        label={ap.edit}
                        name={ap.editNamed(product.title)}
                      />
                      <DeleteOpener
                        href={deleteHref(product.id)}
                        onOpen={() => onDelete(product.id)}
                        label={ap.delete}
                        name={ap.deleteNamed(product.title)}
                      />
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </>
  );
}
