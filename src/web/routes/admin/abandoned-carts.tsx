import { ShoppingCart } from 'lucide-react';
import { Link, redirect } from 'react-router';
import { formatDateTime } from '../../../contract/dates';
import type { AbandonedCart } from '../../../contract/types';
import { BusyRegion, useLoadingHere } from '../../components/busy-region';
import { DenseHeading, DenseTable, denseCell } from '../../components/dense-table';
import { EmptyState } from '../../components/empty-state';
import { Pagination } from '../../components/pagination';
import { abc } from '../../i18n/abandoned-carts';
import { at } from '../../i18n/account';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { formatNumber, formatPrice } from '../../lib/format';
import { pageMeta } from '../../lib/meta';
import { pageFrom, pageHref, usePageHref } from '../../lib/page-href';
import { plural } from '../../lib/plural';
import type { Route } from './+types/abandoned-carts';

const PATH = '/admin/abandoned-carts';

/** Customers' baskets untouched longer than the settings' delay, oldest first (docs/abandoned-baskets.md). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'staff');
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
          <DenseTable
            id="abandoned-carts-caption"
            caption={abc.caption}
            minWidthClass="min-w-[44rem]"
            head={
              <>
                <DenseHeading>{abc.customer}</DenseHeading>
                <DenseHeading>{abc.email}</DenseHeading>
                <DenseHeading>{abc.value}</DenseHeading>
                <DenseHeading>{abc.lines}</DenseHeading>
                <DenseHeading>{abc.changedAt}</DenseHeading>
                <DenseHeading>{abc.reminder}</DenseHeading>
              </>
            }
          >
            {carts.data.map((cart) => (
              <CartRow key={cart.id} cart={cart} currency={shop.currency} timeZone={shop.timeZone} />
            ))}
          </DenseTable>
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
      <th scope="row" className={`${denseCell} text-start font-bold`}>
        <Link to={`/admin/customers/${cart.customer.id}`} className="text-brand-700 hover:underline">
          <bdi>{cart.customer.name}</bdi>
        </Link>
      </th>
      <td className={denseCell}>
        <bdi dir="ltr" className="break-all">
          {cart.customer.email}
        </bdi>
      </td>
      <td className={`${denseCell} whitespace-nowrap font-bold`}>{formatPrice(cart.value, currency)}</td>
      <td className={`${denseCell} whitespace-nowrap`}>
        {abc.count(plural(cart.lines, abc.lineCount), plural(cart.units, abc.unitCount))}
      </td>
      <td className={`${denseCell} whitespace-nowrap`}>
        <time dateTime={cart.changedAt}>{formatDateTime(cart.changedAt, timeZone)}</time>
      </td>
      <td className={denseCell}>
        {cart.unsubscribed
          ? abc.unsubscribed
          : cart.remindedAt
            ? abc.reminded(formatDateTime(cart.remindedAt, timeZone))
            : abc.notReminded}
      </td>
    </tr>
  );
}
