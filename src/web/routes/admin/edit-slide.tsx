import { data } from 'react-router';
import { shopDateTimeInput } from '../../../contract/dates';
import { SLIDE_ALT_MAX, SLIDE_LINK_MAX, SLIDE_TEXT_MAX, SLIDE_TITLE_MAX } from '../../../contract/home-values';
import { AdminSaveForm, type SaveResult } from '../../components/admin-save-form';
import { CheckboxField, FormField } from '../../components/form-field';
import { ImagePicker } from '../../components/image-picker';
import { hp } from '../../i18n/home-page';
import { chosenFile } from '../../lib/admin-groups';
import { ApiError } from '../../lib/api';
import { formFailureFromApi } from '../../lib/api-errors';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { type FormFailure, formValues, hasErrors } from '../../lib/form';
import { type SlideField, slideBody, slideFields } from '../../lib/home-form';
import { validateSlide } from '../../lib/home-validation';
import { pageMeta } from '../../lib/meta';
import { redirectWithToast } from '../../lib/toast.server';
import type { Route } from './+types/edit-slide';

/*
 * /admin/home/slides/new and /admin/home/slides/:id (docs/home-page.md): a slide's picture, words,
 * link and window. The window is typed as the shop's wall clock and sent as instants.
 */

const HOME = '/admin/home';

/** The slide being edited (none when adding); one deleted meanwhile sends the admin back to the list. */
async function slideOf(request: Request, context: Route.LoaderArgs['context'], id: string | undefined) {
  if (!id) return undefined;
  const { data: slides } = await apiFor(request, context).home.slides();
  const slide = slides.find((item) => item.id === id);
  if (!slide) throw await redirectWithToast(request, HOME, { type: 'error', text: hp.gone });
  return slide;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'admin');
  return { shop: context.shop, slide: await slideOf(request, context, params.id) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // Guard first: only staff get as far as the (possibly large) upload being read.
  await requireUser(request, context, 'admin');
  const form = await request.formData();
  const values = { ...formValues(form, slideFields), active: form.has('active') ? 'true' : 'false' };
  const image = chosenFile(form, 'image');
  const fail = (failure: FormFailure<SlideField>) =>
    data<SaveResult<SlideField>>({ ok: false, values, ...failure }, { status: 400 });
  const { timeZone } = context.shop;
  const fieldErrors = validateSlide(values, { timeZone, hasImage: Boolean(params.id) || image !== null });
  if (hasErrors(fieldErrors)) return fail({ fieldErrors });
  const body = new FormData();
  for (const [name, value] of Object.entries(slideBody(values, timeZone))) body.set(name, value);
  if (image) body.set('image', image);
  const api = apiFor(request, context).home;
  try {
    if (params.id) await api.updateSlide(params.id, body);
    else await api.createSlide(body);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === 'SLIDE_NOT_FOUND') return redirectWithToast(request, HOME, { type: 'error', text: hp.gone });
    return fail(formFailureFromApi(error, slideFields, context.shop.phoneCountry));
  }
  return redirectWithToast(request, HOME, { type: 'success', text: params.id ? hp.saved : hp.added });
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { shop, slide } = loaderData;
  return pageMeta({
    shop,
    title: slide ? hp.editSlideTitle(slide.title) : hp.newSlideTitle,
    description: hp.description,
    path: slide ? `${HOME}/slides/${slide.id}` : `${HOME}/slides/new`,
    noindex: true,
  });
}

export default function EditSlide({ loaderData, actionData }: Route.ComponentProps) {
  const { shop, slide } = loaderData;
  const fallback = actionData && 'ok' in actionData ? actionData : undefined;
  const windowValue = (instant: string | null | undefined) =>
    instant ? shopDateTimeInput(instant, shop.timeZone) : '';
  return (
    <>
      <h1 className="mb-5 text-2xl font-bold">{slide ? hp.editSlideTitle(slide.title) : hp.newSlideTitle}</h1>
      <AdminSaveForm
        fields={slideFields}
        validator={{
          load: () => import('../../lib/home-validation'),
          validate: (v, values, form) =>
            v.validateSlide(values, {
              timeZone: shop.timeZone,
              hasImage: Boolean(slide) || chosenFile(form, 'image') !== null,
            }),
        }}
        fallback={fallback}
        resetAfterSave={false}
        multipart
        submitLabel={hp.save}
        back={{ to: HOME, label: hp.backToHome }}
      >
        {({ errors, values }) => (
          <>
            <ImagePicker
              name="image"
              label={hp.image}
              error={errors.image}
              hint={hp.imageHint}
              current={slide?.image}
            />
            <FormField
              name="alt"
              label={hp.alt}
              hint={hp.altHint}
              maxLength={SLIDE_ALT_MAX}
              defaultValue={values?.alt ?? slide?.alt ?? ''}
              error={errors.alt}
            />
            <FormField
              name="title"
              label={hp.slideTitle}
              maxLength={SLIDE_TITLE_MAX}
              defaultValue={values?.title ?? slide?.title ?? ''}
              error={errors.title}
            />
            <FormField
              name="text"
              label={hp.text}
              hint={hp.textHint}
              maxLength={SLIDE_TEXT_MAX}
              defaultValue={values?.text ?? slide?.text ?? ''}
              error={errors.text}
            />
            <FormField
              name="link"
              label={hp.link}
              hint={hp.linkHint}
              dir="ltr"
              maxLength={SLIDE_LINK_MAX}
              defaultValue={values?.link ?? slide?.link ?? ''}
              error={errors.link}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField
                name="activeFrom"
                type="datetime-local"
                label={hp.activeFrom}
                hint={hp.windowHint(shop.timeZone)}
                defaultValue={values?.activeFrom ?? windowValue(slide?.activeFrom)}
                error={errors.activeFrom}
              />
              <FormField
                name="activeUntil"
                type="datetime-local"
                label={hp.activeUntil}
                hint={hp.windowHint(shop.timeZone)}
                defaultValue={values?.activeUntil ?? windowValue(slide?.activeUntil)}
                error={errors.activeUntil}
              />
            </div>
            <CheckboxField
              name="active"
              label={hp.active}
              defaultChecked={values?.active ? values.active === 'true' : (slide?.active ?? true)}
            />
          </>
        )}
      </AdminSaveForm>
    </>
  );
}
