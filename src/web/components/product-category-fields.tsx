import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import type { Category, Subcategory } from '../../contract/types';
import { ap } from '../i18n/admin-products';
import type { SubcategoryChoices } from '../routes/admin/subcategories';
import { FieldErrorText } from './field-error-text';
import { SelectField } from './form-field';

type ProductCategoryFieldsProps = {
  categories: Category[];
  /** The chosen category and sub-categories to start with, and that category's sub-categories. */
  category: string;
  subcategories: string[];
  options: Subcategory[];
  errors: { category?: string | undefined; subcategory?: string | undefined };
};

/**
 * docs/specification.md (Screens and routes: Staff screens): the main category select (with its placeholder) and the chosen category's
 * sub-categories as a group of checkboxes, loaded when a category is chosen
 * (GET /categories/:id/subcategories through a fetcher).
 */
export function ProductCategoryFields({
  categories,
  category: initialCategory,
  subcategories,
  options: initialOptions,
  errors,
}: ProductCategoryFieldsProps) {
  const id = useId();
  const fetcher = useFetcher<SubcategoryChoices>();
  const [category, setCategory] = useState(initialCategory);
  const [chosen, setChosen] = useState(subcategories);
  const loaded = fetcher.data?.category === category ? fetcher.data : undefined;
  const options = category === initialCategory ? initialOptions : loaded?.subcategories;
  const loading = category !== '' && options === undefined && fetcher.state !== 'idle';

  function choose(next: string) {
    setCategory(next);
    // Sub-categories belong to their category: a new category starts with none chosen.
    setChosen([]);
    if (next && next !== initialCategory) fetcher.load(`/admin/categories/${encodeURIComponent(next)}/subcategories`);
  }

  function toggle(subcategory: string, on: boolean) {
    setChosen((current) => (on ? [...current, subcategory] : current.filter((s) => s !== subcategory)));
  }

  // Only a choice made once React runs can be missing its options (before, the select cannot load
  // them; a plain post answers with the posted category's sub-categories).
  let note: string | null = null;
  if (category === '') note = ap.subcategoriesFirst;
  else if (options === undefined) note = loading ? ap.subcategoriesLoading : ap.subcategoriesFailed;
  else if (loaded?.failed) note = ap.subcategoriesFailed;
  else if (options.length === 0) note = ap.subcategoriesNone;

  return (
    <>
      <SelectField
        name="category"
        label={ap.category}
        value={category}
        onChange={(event) => choose(event.target.value)}
        error={errors.category}
      >
        <option value="">{ap.chooseCategory}</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>

      <fieldset className="min-w-0" aria-describedby={errors.subcategory ? `${id}-error` : undefined}>
        <legend className="mb-1.5 font-bold text-slate-800">{ap.subcategories}</legend>
        <div aria-live="polite" aria-busy={loading || undefined}>
          {note ? (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              {loading && (
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
              )}
              {note}
            </p>
          ) : (
            <ul className="grid gap-2 sm:grid-cols-2">
              {options?.map((subcategory) => (
                <li key={subcategory.id}>
                  <label className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 ring-1 ring-slate-200 hover:bg-slate-50">
                    <input
                      type="checkbox"
                      name="subcategory"
                      value={subcategory.id}
                      checked={chosen.includes(subcategory.id)}
                      onChange={(event) => toggle(subcategory.id, event.target.checked)}
                      className="size-5 accent-brand-700"
                    />
                    <bdi>{subcategory.name}</bdi>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </div>
        <FieldErrorText id={`${id}-error`} message={errors.subcategory} />
      </fieldset>
    </>
  );
}
