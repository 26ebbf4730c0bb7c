import { Info } from 'lucide-react';
import { type ComponentProps, Fragment, type ReactNode } from 'react';
import { data, Form, Link } from 'react-router';
import { SELLER_ID_SCHEMES } from '../../../contract/constants';
import { SOCIAL_NETWORK_NAMES, SOCIAL_NETWORKS } from '../../../contract/shop-pages';
import { FormAlert } from '../../components/form-alert';
import { CheckboxField, FormField, SelectField, TextAreaField } from '../../components/form-field';
import { SubmitButton } from '../../components/submit-button';
import { abc } from '../../i18n/abandoned-carts';
import { staffText } from '../../i18n/admin-staff';
import { st } from '../../i18n/admin-store';
import { ei } from '../../i18n/e-invoicing';
import { sp } from '../../i18n/store-pages';
import { ApiError } from '../../lib/api';
import { formFailureFromApi } from '../../lib/api-errors';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { type FormFailure, type FormValues, formValues, hasErrors } from '../../lib/form';
import { pageMeta } from '../../lib/meta';
import { type SettingsField, settingsBody, settingsDefaults, settingsFields } from '../../lib/store-form';
import { validateSettings } from '../../lib/store-validation';
import { redirectWithToast } from '../../lib/toast.server';
import { useFormErrors } from '../../lib/use-form-errors';
import type { Route } from './+types/settings';

const PATH = '/admin/settings';

type Failure = FormFailure<SettingsField> & { values: FormValues<SettingsField> };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'admin');
  const { data: settings } = await apiFor(request, context).settings.getForStaff();
  return { shop: context.shop, settings, values: settingsDefaults(settings) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context, 'admin');
  const api = apiFor(request, context);
  const values = formValues(await request.formData(), settingsFields);
  const fail = (failure: FormFailure<SettingsField>) => data<Failure>({ ...failure, values }, { status: 400 });
  const { country } = (await api.settings.get()).data;
  const fieldErrors = validateSettings(values, country);
  if (hasErrors(fieldErrors)) return fail({ fieldErrors });
  try {
    await api.settings.update(settingsBody(values));
    return redirectWithToast(request, PATH, { type: 'success', text: st.saved });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return fail(formFailureFromApi(error, settingsFields, context.shop.phoneCountry));
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    shop: loaderData?.shop,
    title: st.settingsTitle,
    description: st.settingsDescription,
    path: PATH,
    noindex: true,
  });
}

export default function StoreSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const { errors, formProps } = useFormErrors(
    settingsFields,
    {
      load: () => import('../../lib/store-validation'),
      validate: (v, typed) => v.validateSettings(typed, settings.country),
    },
    actionData?.fieldErrors,
  );
  // A Saudi seller is identified as ZATCA asks (docs/invoices.md § The seller); elsewhere one address line.
  const saudi = settings.country === 'SA';
  // One field of the form, its saved or typed value and its message bound by name.
  const field = (name: SettingsField, label: string, props: Partial<ComponentProps<typeof FormField>> = {}) => (
    <FormField name={name} label={label} defaultValue={values[name]} error={errors[name]} {...props} />
  );
  return (
    <>
      <h1 className="mb-5 text-2xl font-bold">{st.settingsTitle}</h1>
      {saudi && (
        // ZATCA phase 2 has its own screen (docs/invoices.md § On screen).
        <p className="mb-5">
          <Link to="/admin/e-invoicing" className="font-bold text-brand-800 underline">
            {ei.settingsEntry}
          </Link>
        </p>
      )}
      {settings.missingForTaxInvoices.length > 0 && (
        <div
          role="note"
          aria-labelledby="missing-for-tax-invoices"
          className="mb-5 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-amber-950"
        >
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p id="missing-for-tax-invoices" className="font-bold">
              {st.missingTitle}
            </p>
            <ul className="list-disc ps-5">
              {settings.missingForTaxInvoices.map((requirement) => (
                <li key={requirement}>{st.missing[requirement]}</li>
              ))}
            </ul>
          </div>
        </div>
      )}
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        {actionData?.formError && <FormAlert>{actionData.formError}</FormAlert>}
        <Form method="post" className="space-y-5" {...formProps}>
          <div className="grid gap-5 md:grid-cols-2">
            {field('shopName', st.shopName)}
            {field('legalName', st.legalName)}
            {field('vatNumber', st.vatNumber, {
              ...NUMBER_TYPED,
              hint: settings.country === 'SA' ? st.vatNumberHintSA : st.vatNumberHintOther,
            })}
            {field('vatRate', st.vatRate, { ...NUMBER_TYPED, inputMode: 'decimal' })}
            {field('email', st.email, { type: 'email', dir: 'ltr' })}
            {field('phone', st.phone, { type: 'tel', dir: 'ltr' })}
            {field('lowStockThreshold', st.lowStockThreshold, { ...NUMBER_TYPED, hint: st.lowStockThresholdHint })}
            {field('staffRefundLimit', staffText.refundLimit, {
              ...NUMBER_TYPED,
              inputMode: 'decimal',
              hint: staffText.refundLimitHint,
            })}
          </div>
          {saudi ? (
            <SettingsSection legend={st.sellerSection} hint={st.sellerSectionHint}>
              <div className="grid gap-5 md:grid-cols-2">
                <SelectField
                  name="sellerIdScheme"
                  label={st.sellerIdScheme}
                  defaultValue={values.sellerIdScheme}
                  error={errors.sellerIdScheme}
                >
                  {SELLER_ID_SCHEMES.map((scheme) => (
                    <option key={scheme} value={scheme}>
                      {st.sellerIdSchemes[scheme]}
                    </option>
                  ))}
                </SelectField>
                {field('sellerId', st.sellerId, { autoComplete: 'off', dir: 'ltr' })}
                {field('buildingNumber', st.buildingNumber, NUMBER_TYPED)}
                {field('street', st.street)}
                {field('district', st.district)}
                {field('city', st.city)}
                {field('postalCode', st.postalCode, NUMBER_TYPED)}
                {field('additionalNumber', st.additionalNumber, NUMBER_TYPED)}
              </div>
            </SettingsSection>
          ) : (
            <TextAreaField name="address" label={st.address} defaultValue={values.address} error={errors.address} />
          )}
          <SettingsSection legend={sp.contactSection} hint={sp.contactSectionHint}>
            <div className="grid gap-5 md:grid-cols-2">
              {field('whatsapp', sp.whatsapp, { type: 'tel', dir: 'ltr', hint: sp.whatsappHint })}
              {SOCIAL_NETWORK_NAMES.map((network) => (
                <Fragment key={network}>
                  {field(`${network}Url`, sp.socialLink(sp.networks[network]), {
                    type: 'url',
                    dir: 'ltr',
                    placeholder: `https://${SOCIAL_NETWORKS[network][0]}/…`,
                    hint: sp.socialLinkHint,
                  })}
                </Fragment>
              ))}
            </div>
          </SettingsSection>
          <CheckboxField
            name="pricesIncludeVat"
            label={st.pricesIncludeVat}
            defaultChecked={values.pricesIncludeVat === 'on'}
          />
          <SettingsSection id="basket-reminders" legend={abc.settingsSection} hint={abc.settingsSectionHint}>
            <CheckboxField
              name="basketRemindersEnabled"
              label={abc.enabled}
              defaultChecked={values.basketRemindersEnabled === 'on'}
            />
            {field('basketReminderDelayHours', abc.delayHours, { ...NUMBER_TYPED, hint: abc.delayHoursHint })}
          </SettingsSection>
          <SubmitButton className="px-6">{st.save}</SubmitButton>
        </Form>
      </div>
    </>
  );
}

/** A number typed as digits (Arabic-Indic ones are taken), read left to right; no autofill. */
const NUMBER_TYPED = { inputMode: 'numeric', autoComplete: 'off', dir: 'ltr' } as const;

/** A titled part of the settings form, its hint under the title. */
function SettingsSection({
  id,
  legend,
  hint,
  children,
}: {
  id?: string;
  legend: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <fieldset id={id} className="space-y-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 font-bold">{legend}</legend>
      <p className="text-sm text-slate-700">{hint}</p>
      {children}
    </fieldset>
  );
}
