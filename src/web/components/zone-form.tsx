import { ZONE_NAME_MAX } from '../../contract/constants';
import { st } from '../i18n/admin-store';
import type { FieldErrors, FormValues } from '../lib/form';
import type { ZoneField } from '../lib/store-form';
import { zoneFields } from '../lib/store-form';
import { useFormErrors } from '../lib/use-form-errors';
import { AddEditForm } from './add-edit-form';
import { CheckboxField, FormField, TextAreaField } from './form-field';

type ZoneFormProps = {
  mode: 'add' | 'edit';
  /** The "everywhere else" zone: no city list (it takes every city no other zone lists). */
  isDefault: boolean;
  values: FormValues<ZoneField>;
  fieldErrors: FieldErrors<ZoneField> | undefined;
  formError: string | undefined;
  /** A new value here (the answer of a successful add) empties the form for the next zone. */
  resetOn?: object | undefined;
};

/** The add and edit form of a shipping zone (docs/pricing.md): name, cities, prices, cash on delivery. */
export function ZoneForm({ mode, isDefault, values, fieldErrors, formError, resetOn }: ZoneFormProps) {
  const { errors, formProps } = useFormErrors(
    zoneFields,
    { load: () => import('../lib/store-validation'), validate: (v, typed) => v.validateZone(typed, isDefault) },
    fieldErrors,
  );
  const money = { inputMode: 'decimal' as const, autoComplete: 'off', dir: 'ltr' };
  return (
    <AddEditForm
      mode={mode}
      formProps={formProps}
      formError={formError}
      submitLabel={mode === 'add' ? st.addZone : st.saveZone}
      back={{ to: '/admin/shipping-zones', label: st.cancel }}
      resetOn={resetOn}
    >
      <FormField
        name="name"
        label={st.zoneName}
        maxLength={ZONE_NAME_MAX}
        defaultValue={values.name}
        error={errors.name}
      />
      {isDefault ? (
        <p className="text-slate-700">{st.zoneCitiesDefault}</p>
      ) : (
        <TextAreaField
          name="cities"
          label={st.zoneCities}
          defaultValue={values.cities}
          error={errors.cities}
          hint={st.zoneCitiesHint}
        />
      )}
      <div className="grid gap-5 sm:grid-cols-3">
        <FormField name="price" label={st.zonePrice} {...money} defaultValue={values.price} error={errors.price} />
        <FormField
          name="freeAbove"
          label={st.zoneFreeAbove}
          {...money}
          defaultValue={values.freeAbove}
          error={errors.freeAbove}
        />
        <FormField name="codFee" label={st.zoneCodFee} {...money} defaultValue={values.codFee} error={errors.codFee} />
      </div>
      <CheckboxField name="codAllowed" label={st.zoneCodAllowed} defaultChecked={values.codAllowed === 'on'} />
      <CheckboxField name="enabled" label={st.zoneEnabled} defaultChecked={values.enabled === 'on'} />
    </AddEditForm>
  );
}
