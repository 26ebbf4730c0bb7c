import { Link } from 'react-router';
import type { Subcategory } from '../../contract/types';
import { ag } from '../i18n/admin-groups';
import { groupPaths, type SubcategoryField, subcategoryFields } from '../lib/admin-groups';
import { AdminSaveForm, type SaveResult } from './admin-save-form';
import { FormField, SelectField } from './form-field';

type SubcategoryFormProps = {
  categories: { id: string; name: string }[];
  /** The sub-category being edited; none when adding. */
  item?: Subcategory;
  fallback: SaveResult<SubcategoryField> | undefined;
};

/** docs/specification.md (Screens and routes: Staff screens), add sub-category: name, parent category (placeholder first), save; the edit form too. */
export function SubcategoryForm({ categories, item, fallback }: SubcategoryFormProps) {
  const texts = ag.subcategory;
  return (
    <AdminSaveForm
      fields={subcategoryFields}
      validator={{
        load: () => import('../lib/admin-groups-validation'),
        validate: (v, values) => v.validateSubcategory(values),
      }}
      fallback={fallback}
      resetAfterSave={!item}
      submitLabel={item ? ag.saveChanges : texts.save}
      back={item ? { to: groupPaths.subcategory.add, label: texts.backToList } : undefined}
    >
      {({ errors, values }) => (
        <>
          <FormField
            name="name"
            label={texts.name}
            defaultValue={values?.name ?? item?.name ?? ''}
            error={errors.name}
          />
          <SelectField
            name="category"
            label={ag.parentCategory}
            defaultValue={values?.category ?? item?.category ?? ''}
            error={errors.category}
            hint={
              categories.length === 0 && (
                <>
                  {ag.noCategoriesYet}{' '}
                  <Link to={groupPaths.category.add} className="font-bold text-brand-700 underline">
                    {ag.addCategoryFirst}
                  </Link>
                </>
              )
            }
          >
            <option value="">{ag.chooseCategory}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </SelectField>
        </>
      )}
    </AdminSaveForm>
  );
}
