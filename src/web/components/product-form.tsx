import { type FormEvent, useEffect, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { isColorOption } from '../../contract/constants';
import { currencyDigits } from '../../contract/money';
import type { Brand, Category } from '../../contract/types';
import { ap, variantText } from '../i18n/admin-products';
import { type ProductActionResult, type ProductFormDefaults, productFields } from '../lib/product-form';
import {
  hasVariantErrors,
  placeVariantErrors,
  sentRows,
  usableOptions,
  type VariantErrors,
} from '../lib/product-variants';
import { toast } from '../lib/toasts';
import { useFetcherSettled } from '../lib/use-fetcher-settled';
import { useFormErrors } from '../lib/use-form-errors';
import { useHydrated } from '../lib/use-hydrated';
import { useProductImages } from '../lib/use-product-images';
import { FormAlert } from './form-alert';
import { FormField, SelectField, TextAreaField } from './form-field';
import { ImageCropDialog } from './image-crop-dialog';
import { ProductCategoryFields } from './product-category-fields';
import { ProductColors } from './product-colors';
import { ProductImagePicker } from './product-images';
import { SubmitButton } from './submit-button';
import { VariantEditor } from './variant-editor';

type ProductFormProps = {
  mode: 'add' | 'edit';
  defaults: ProductFormDefaults;
  categories: Category[];
  brands: Brand[];
  currency: string;
  /** The action's answer to a form posted before JavaScript loaded (a fetcher keeps its own). */
  posted: ProductActionResult | undefined;
  /** After a save with JavaScript: the page resets or refreshes the form. */
  onSaved: () => void;
};

/**
 * The add and edit product form (docs/specification.md (Screens and routes: Staff screens)). With JavaScript it posts through a fetcher as
 * multipart, the pictures in their order (cropped ones already cut in the browser); before
 * JavaScript loads it is a plain multipart form whose file input posts the chosen files as they are.
 */
export function ProductForm({ mode, defaults, categories, brands, currency, posted, onSaved }: ProductFormProps) {
  const fetcher = useFetcher<ProductActionResult>();
  const hydrated = useHydrated();
  const images = useProductImages(defaults.images);
  const [colors, setColors] = useState(defaults.colors);
  const [cropping, setCropping] = useState<number | null>(null);
  const [variants, setVariants] = useState(defaults.variants);
  const result = fetcher.data ?? posted;
  const failure = result?.ok === false ? result : undefined;
  const busy = fetcher.state !== 'idle';
  const withVariants = usableOptions(variants.options).length > 0;
  const hasColorOption = usableOptions(variants.options).some((option) => isColorOption(option.name));
  const [variantErrors, setVariantErrors] = useState<VariantErrors>({ rows: {} });

  // The API's (or the action's) answer about the table lands on the rows that were sent.
  const variantFailures = failure?.variantFailures;
  // biome-ignore lint/correctness/useExhaustiveDependencies: placed on the rows as they were when sent
  useEffect(() => {
    setVariantErrors(placeVariantErrors(variantFailures ?? [], sentRows(variants)));
  }, [variantFailures]);

  const { errors, formProps } = useFormErrors(
    productFields,
    {
      load: () => import('../lib/product-validation'),
      validate: (v, values, form) => {
        const digits = currencyDigits(currency);
        const found = v.validateProduct(values, {
          digits,
          imageCount: images.items.length,
          imageRequired: mode === 'add' || images.changed,
          colors: hasColorOption ? [] : colors,
          subcategories: form.getAll('subcategory').filter((id): id is string => typeof id === 'string' && id !== ''),
          withVariants,
        });
        const inTable = withVariants ? v.checkVariants(variants, digits) : { rows: {} };
        setVariantErrors(inTable);
        if (hasVariantErrors(inTable)) found.variants = inTable.general ?? variantText.checkRows;
        return found;
      },
    },
    failure?.fieldErrors,
  );

  useFetcherSettled(fetcher, (answer) => {
    if (!answer.ok) return;
    toast.success(mode === 'add' ? ap.added : ap.updated);
    onSaved();
  });

  async function send(form: HTMLFormElement) {
    const body = new FormData(form);
    // The pictures are the widget's, in its order, not what the file input last held: saved ones
    // by key, new ones as files (on add every picture is new).
    body.delete('images');
    const pictures = images.picturesToSend();
    if (pictures) {
      if (mode === 'edit') for (const entry of pictures.keep) body.append('keepImages', entry);
      for (const file of pictures.files) body.append('images', file);
    }
    await fetcher.submit(body, { method: 'post', encType: 'multipart/form-data' });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (busy) {
      event.preventDefault();
      return;
    }
    formProps.onSubmit(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    void send(event.currentTarget);
  }

  const croppingImage = cropping === null ? undefined : images.items[cropping];
  const { values } = defaults;
  return (
    <div className="max-w-3xl rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      {failure?.formError && !busy && <FormAlert>{failure.formError}</FormAlert>}
      <fetcher.Form
        method="post"
        encType="multipart/form-data"
        className="flex flex-col gap-6"
        {...formProps}
        onSubmit={onSubmit}
      >
        {hydrated && <input type="hidden" name="js" value="1" />}
        <ProductImagePicker images={images} error={errors.images} hydrated={hydrated} onCrop={setCropping} />
        <FormField name="title" label={ap.title} defaultValue={values.title} error={errors.title} />
        <TextAreaField
          name="description"
          label={ap.description}
          defaultValue={values.description}
          error={errors.description}
        />
        {!withVariants && (
          <div className="grid gap-5 sm:grid-cols-3">
            <FormField
              name="price"
              label={ap.priceField}
              inputMode="decimal"
              dir="ltr"
              defaultValue={values.price}
              error={errors.price}
            />
            <FormField
              name="priceAfterDiscount"
              label={`${ap.priceAfterDiscount} (${ap.optional})`}
              inputMode="decimal"
              dir="ltr"
              defaultValue={values.priceAfterDiscount}
              error={errors.priceAfterDiscount}
              hint={ap.priceAfterDiscountHint}
            />
            <FormField
              name="quantity"
              label={ap.quantity}
              inputMode="numeric"
              dir="ltr"
              defaultValue={values.quantity}
              error={errors.quantity}
            />
          </div>
        )}
        {/* A product without options keeps its SKU and barcode here; with options, each row has its own (docs/variants.md). */}
        {!withVariants && (
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              name="sku"
              label={`${variantText.sku} (SKU)`}
              dir="ltr"
              autoComplete="off"
              defaultValue={values.sku}
              error={errors.sku}
              hint={ap.skuHint}
            />
            <FormField
              name="barcode"
              label={`${variantText.barcode} (${ap.optional})`}
              inputMode="numeric"
              dir="ltr"
              autoComplete="off"
              defaultValue={values.barcode}
              error={errors.barcode}
              hint={ap.barcodeHint}
            />
          </div>
        )}
        <VariantEditor
          draft={variants}
          initialRows={defaults.variants.rows}
          onChange={setVariants}
          errors={variantErrors}
          onRowEdited={(key) =>
            setVariantErrors((current) => {
              if (!current.rows[key]) return current;
              const { [key]: _edited, ...rows } = current.rows;
              return { ...current, rows };
            })
          }
          summary={errors.variants}
          hadOptions={defaults.variants.options.length > 0}
        />
        <ProductCategoryFields
          categories={categories}
          category={values.category}
          subcategories={defaults.subcategories}
          options={defaults.subcategoryOptions}
          errors={{ category: errors.category, subcategory: errors.subcategory }}
        />
        <SelectField
          name="brand"
          label={`${ap.brand} (${ap.optional})`}
          defaultValue={values.brand}
          error={errors.brand}
        >
          <option value="">{ap.noBrand}</option>
          {brands.map((brand) => (
            <option key={brand.id} value={brand.id}>
              {brand.name}
            </option>
          ))}
        </SelectField>
        {/* A product with a colour option takes its colours from its variants (docs/variants.md). */}
        {!hasColorOption && (
          <ProductColors colors={colors} onChange={setColors} error={errors.availableColors} hydrated={hydrated} />
        )}
        <SelectField name="status" label={ap.statusField} defaultValue={values.status} error={errors.status}>
          <option value="active">{ap.statusActive}</option>
          <option value="draft">{ap.statusDraft}</option>
        </SelectField>
        <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
          <SubmitButton pending={hydrated ? busy : undefined} pendingText={ap.saving} className="px-6">
            {mode === 'add' ? ap.save : ap.saveChanges}
          </SubmitButton>
          <Link to="/admin/allproducts" className="px-2 py-3 font-bold text-brand-700 hover:underline">
            {ap.backToProducts}
          </Link>
          <p role="status" className="sr-only">
            {busy ? ap.saving : ''}
          </p>
        </div>
      </fetcher.Form>
      <ImageCropDialog
        image={croppingImage && cropping !== null ? { src: croppingImage.src, position: cropping } : null}
        onClose={() => setCropping(null)}
        onCropped={(file) => {
          if (cropping !== null) images.replace(cropping, file);
          setCropping(null);
        }}
      />
    </div>
  );
}
