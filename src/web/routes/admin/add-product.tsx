import { useRef, useState } from 'react';
import { ProductForm } from '../../components/product-form';
import { ap } from '../../i18n/admin-products';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { pageMeta } from '../../lib/meta';
import { postedDefaults, productDefaults } from '../../lib/product-form';
import { productChoices, saveProduct } from '../../lib/product-form.server';
import type { Route } from './+types/add-product';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'staff');
  const choices = await productChoices(apiFor(request, context));
  return { shop: context.shop, ...choices };
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveProduct(request, context, { kind: 'add' });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    shop: loaderData?.shop,
    title: ap.addTitle,
    description: ap.addDescription,
    path: '/admin/addproducts',
    noindex: true,
  });
}

export default function AddProduct({ loaderData, actionData }: Route.ComponentProps) {
  // docs/specification.md (Screens and routes: Staff screens): the fields reset after a save; a new form is the simplest reset of every part of it.
  const [saves, setSaves] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1} className="mb-5 text-2xl font-bold outline-none">
        {ap.addTitle}
      </h1>
      <ProductForm
        key={saves}
        mode="add"
        defaults={postedDefaults(actionData, productDefaults(null))}
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
