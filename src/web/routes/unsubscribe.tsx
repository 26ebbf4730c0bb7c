import { CircleCheck } from 'lucide-react';
import { Form, Link } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { SubmitButton } from '../components/submit-button';
import { abc } from '../i18n/abandoned-carts';
import { ApiError } from '../lib/api';
import { errorText } from '../lib/api-errors';
import { apiFor } from '../lib/context.server';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/unsubscribe';

/*
 * A basket reminder's unsubscribe link (docs/abandoned-baskets.md). Opening it changes nothing
 * (mail scanners follow links): the page asks, and only its POST unsubscribes. A mail program's
 * one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` to the same address, so the
 * token is read from the form, else from the address.
 */

const tokenOf = (request: Request, form?: FormData) => {
  const posted = form?.get('token');
  return typeof posted === 'string' && posted !== '' ? posted : (new URL(request.url).searchParams.get('token') ?? '');
};

export async function loader({ request, context }: Route.LoaderArgs) {
  return { shop: context.shop, token: tokenOf(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  // A mail program's one-click unsubscribe (RFC 8058) may post no form at all: the link's token then.
  const form = await request.formData().catch(() => undefined);
  const token = tokenOf(request, form);
  try {
    const { data } = await apiFor(request, context).abandonedCarts.unsubscribe(token);
    return { ok: true as const, ...data };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {
      ok: false as const,
      message: errorText(error.code, { phoneCountry: context.shop.phoneCountry }) ?? abc.tokenInvalid,
    };
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    shop: loaderData?.shop,
    title: abc.unsubscribeTitle,
    description: abc.unsubscribeIntro,
    path: '/unsubscribe',
    noindex: true,
  });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const home = (
    <Link to="/" className="font-bold text-brand-700 hover:underline">
      {abc.backHome}
    </Link>
  );
  if (actionData?.ok) {
    return (
      <AuthCard title={abc.unsubscribeTitle} footer={home}>
        <p role="status" className="flex items-start gap-2 font-bold text-emerald-800">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>
            {actionData.alreadyUnsubscribed
              ? abc.alreadyUnsubscribed(actionData.email)
              : abc.unsubscribeDone(actionData.email)}
          </span>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={abc.unsubscribeTitle} intro={abc.unsubscribeIntro} footer={home}>
      {actionData && !actionData.ok && <FormAlert>{actionData.message}</FormAlert>}
      <Form method="post">
        <input type="hidden" name="token" value={loaderData.token} />
        <SubmitButton>{abc.unsubscribeButton}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
