import { ExternalLink } from 'lucide-react';
import { useRef, useState } from 'react';
import { data, Link } from 'react-router';
import { ProductForm } from '../../components/product-form';
import { ap } from '../../i18n/admin-products';
import { ApiError } from '../../lib/api';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { pageMeta } from '../../lib/meta';
import { postedDefaults, productDefaults } from '../../lib/product-form';
import { productChoices, saveProduct, subcategoryOptions } from '../../lib/product-form.server';
import type { Route } from './+types/edit-product';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'staff');
  const api = apiFor(request, context);
  const product = await api.products.get(params.id).then(
    (r) => r.data,
    (error: unknown) => {
      // A product that is gone, like a malformed id, is not found.
      if (error instanceof ApiError && (error.status === 400 || error.status === 404))
        throw data(null, { status: 404 });
      throw error;
    },
  );
  const [choices, options] = await Promise.all([productChoices(api), subcategoryOptions(api, product.category)]);
  return { shop: context.shop, product, options, ...choices };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return saveProduct(request, context, { kind: 'edit', id: params.id });
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta({
    shop: loaderData.shop,
    title: `${ap.editTitle}: ${loaderData.product.title}`,
    description: ap.editDescription,
    path: `/admin/editproducts/${loaderData.product.id}`,
    noindex: true,
  });
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product } = loaderData;
  // After a save the form starts again from the product as the API now has it (new picture URLs included).
  const [saves, setSaves] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <div className="mb-5 flex flex-wrap items-baseline justify-between gap-3">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none">
          {ap.editTitle}: <bdi>{product.title}</bdi>
        </h1>
        <Link
          to={`/products/${product.id}`}
          className="inline-flex items-center gap-1.5 font-bold text-brand-700 hover:underline"
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          {ap.viewInShop}
        </Link>
      </div>
      <ProductForm
        key={saves}
        mode="edit"
        defaults={postedDefaults(actionData, productDefaults(product, loaderData.options))}
        categories={loaderData.categories}
        brands={loaderData.brands}
        currency={loaderData.shop.currency}
        posted={actionData}
        onSaved={() => {
          setSaves((n) => n + 1);
          headingRef.current?.focus();
        }}
      />
    </>
  );
}
