import type { NamedItem } from '../../contract/types';
import { ag, type NamedKind } from '../i18n/admin-groups';
import { chosenFile, groupPaths, type NamedField, namedFields } from '../lib/admin-groups';
import { AdminSaveForm, type SaveResult } from './admin-save-form';
import { FormField } from './form-field';
import { ImagePicker } from './image-picker';

type NamedGroupFormProps = {
  kind: NamedKind;
  /** The brand or category being edited; none when adding. */
  item?: NamedItem;
  fallback: SaveResult<NamedField> | undefined;
};

/** docs/specification.md (Screens and routes: Staff screens), add brand and add category: image picker with preview, name, save; the edit form too. */
export function NamedGroupForm({ kind, item, fallback }: NamedGroupFormProps) {
  const texts = ag[kind];
  const hasCurrentImage = Boolean(item?.image);
  return (
    <AdminSaveForm
      fields={namedFields}
      validator={{
        load: () => import('../lib/admin-groups-validation'),
        validate: (v, values, form) =>
          v.validateNamed(values, kind, { hasImage: hasCurrentImage || chosenFile(form, 'image') !== null }),
      }}
      fallback={fallback}
      resetAfterSave={!item}
      multipart
      submitLabel={item ? ag.saveChanges : texts.save}
      back={item ? { to: groupPaths[kind].add, label: texts.backToList } : undefined}
    >
      {({ errors, values }) => (
        <>
          <ImagePicker
            name="image"
            label={texts.image}
            error={errors.image}
            hint={hasCurrentImage ? ag.keepImageHint : ag.imageHint}
            current={item?.imageSizes}
          />
          <FormField
            name="name"
            label={texts.name}
            defaultValue={values?.name ?? item?.name ?? ''}
            error={errors.name}
          />
        </>
      )}
    </AdminSaveForm>
  );
}
