import { ShoppingCart } from 'lucide-react';
import { Link, redirect } from 'react-router';
import type { AbandonedCart } from '../../../contract/types';
import { BusyRegion, useLoadingHere } from '../../components/busy-region';
import { EmptyState } from '../../components/empty-state';
import { Pagination, pageFrom, pageHref } from '../../components/pagination';
import { abc } from '../../i18n/abandoned-carts';
import { at } from '../../i18n/account';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { formatDateTime, formatNumber, formatPrice } from '../../lib/format';
import { pageMeta } from '../../lib/meta';
import { plural } from '../../lib/plural';
import { usePageHref } from '../../lib/use-page-href';
import type { Route } from './+types/abandoned-carts';

const PATH = '/admin/abandoned-carts';

/** Customers' baskets untouched longer than the settings' delay, oldest first (docs/abandoned-baskets.md). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'admin');
  const url = new URL(request.url);
  const page = pageFrom(url);
  const api = apiFor(request, context);
  const [carts, settings] = await Promise.all([api.abandonedCarts.list({ page }), api.settings.getForStaff()]);
  // A page past the last one (an old link) shows the last page.
  const lastPage = Math.max(1, carts.paginationResult.numberOfPages);
  if (page > lastPage) throw redirect(pageHref(url, lastPage));
  return {
    shop: context.shop,
    carts,
    remindersOn: settings.data.basketRemindersEnabled,
    delayHours: settings.data.basketReminderDelayHours,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const page = loaderData?.carts.paginationResult.currentPage ?? 1;
  return pageMeta({
    shop: loaderData?.shop,
    title: page > 1 ? at.withPage(abc.title, formatNumber(page)) : abc.title,
    description: abc.description,
    path: page > 1 ? `${PATH}?page=${page}` : PATH,
    noindex: true,
  });
}

const cell = 'px-3 py-2 align-top';

export default function AbandonedCarts({ loaderData }: Route.ComponentProps) {
  const { shop, carts, remindersOn, delayHours } = loaderData;
  const busy = useLoadingHere();
  const hrefFor = usePageHref();
  return (
    <>
      <h1 className="mb-1 text-2xl font-bold">{abc.title}</h1>
      <p className="mb-1 text-slate-700">{abc.intro(plural(delayHours, abc.hours))}</p>
      <p className="mb-5 text-slate-700">
        {remindersOn ? abc.remindersOn : abc.remindersOff}{' '}
        <Link to="/admin/settings#basket-reminders" className="font-bold text-brand-700 hover:underline">
          {abc.settingsLink}
        </Link>
      </p>
      {carts.data.length === 0 ? (
        <EmptyState Icon={ShoppingCart} title={abc.empty} />
      ) : (
        <BusyRegion busy={busy}>
          <p className="mb-2 text-sm text-slate-700">{plural(carts.results, abc.basketCount)}</p>
          {/* Scrolls sideways on a narrow phone: focusable, so a keyboard can scroll it too. */}
          <section
            aria-labelledby="abandoned-carts-caption"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus for keyboard users (axe scrollable-region-focusable)
            tabIndex={0}
            className="relative overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 focus-visible:outline-2"
          >
            <table className="w-full min-w-[44rem] border-collapse text-sm">
              <caption id="abandoned-carts-caption" className="sr-only">
                {abc.caption}
              </caption>
              <thead className="bg-slate-50 text-slate-800">
                <tr>
                  <th scope="col" className={`${cell} text-start`}>
                    {abc.customer}
                  </th>
                  <th scope="col" className={`${cell} text-start`}>
                    {abc.email}
                  </th>
                  <th scope="col" className={`${cell} text-start`}>
                    {abc.value}
                  </th>
                  <th scope="col" className={`${cell} text-start`}>
                    {abc.lines}
                  </th>
                  <th scope="col" className={`${cell} text-start`}>
                    {abc.changedAt}
                  </th>
                  <th scope="col" className={`${cell} text-start`}>
                    {abc.reminder}
                  </th>
                </tr>
              </thead>
              <tbody>
                {carts.data.map((cart) => (
                  <CartRow key={cart.id} cart={cart} currency={shop.currency} timeZone={shop.timeZone} />
                ))}
              </tbody>
            </table>
          </section>
          <Pagination
            currentPage={carts.paginationResult.currentPage}
            numberOfPages={carts.paginationResult.numberOfPages}
            hrefFor={hrefFor}
            label={abc.pager}
          />
        </BusyRegion>
      )}
    </>
  );
}

function CartRow({ cart, currency, timeZone }: { cart: AbandonedCart; currency: string; timeZone: string }) {
  return (
    <tr className="border-t border-slate-200">
      <th scope="row" className={`${cell} text-start font-bold`}>
        <bdi>{cart.customer.name}</bdi>
      </th>
      <td className={cell}>
        <bdi dir="ltr" className="break-all">
          {cart.customer.email}
        </bdi>
      </td>
      <td className={`${cell} whitespace-nowrap font-bold`}>{formatPrice(cart.value, currency)}</td>
      <td className={`${cell} whitespace-nowrap`}>
        {abc.count(plural(cart.lines, abc.lineCount), formatNumber(cart.units))}
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <time dateTime={cart.changedAt}>{formatDateTime(cart.changedAt, timeZone)}</time>
      </td>
      <td className={cell}>
        {cart.unsubscribed
          ? abc.unsubscribed
          : cart.remindedAt
            ? abc.reminded(formatDateTime(cart.remindedAt, timeZone))
            : abc.notReminded}
      </td>
    </tr>
  );
}
