import { History, Search } from 'lucide-react';
import { Form, Link, redirect } from 'react-router';
import { formatDateTime } from '../../../contract/dates';
import { STAFF_ACTION_KINDS } from '../../../contract/staff-action-kinds';
import type { StaffAction } from '../../../contract/staff-actions';
import { BusyRegion, useLoadingHere } from '../../components/busy-region';
import { DenseHeading, DenseTable, denseCell } from '../../components/dense-table';
import { EmptyState } from '../../components/empty-state';
import { FormField, SelectField } from '../../components/form-field';
import { Pagination } from '../../components/pagination';
import { at } from '../../i18n/account';
import { activityText as t } from '../../i18n/admin-activity';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import type { FieldErrors } from '../../lib/form';
import { formatNumber, formatPrice } from '../../lib/format';
import { pageMeta } from '../../lib/meta';
import { pageFrom, pageHref, usePageHref } from '../../lib/page-href';
import { plural } from '../../lib/plural';
import {
  type StaffActionFilter,
  type StaffActionFilterName,
  staffActionFilterErrors,
  staffActionFilterFrom,
} from '../../lib/staff-action-filter.server';
import type { Route } from './+types/activity';

/** «سجل النشاط»: who changed what, and when (docs/staff-actions.md), newest first. */

const PATH = '/admin/activity';
const PAGE_SIZE = 30;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'admin');
  const url = new URL(request.url);
  const page = pageFrom(url);
  const filter = staffActionFilterFrom(url);
  // Filters the API would refuse are said in Arabic beside their fields, and no list is asked for.
  const filterErrors = staffActionFilterErrors(filter, context.shop.phoneCountry);
  const query = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== ''));
  const log =
    Object.keys(filterErrors).length === 0
      ? await apiFor(request, context).staffActions.list({ page, limit: PAGE_SIZE, ...query })
      : null;
  // A page past the last one (an old link) shows the last page.
  const lastPage = Math.max(1, log?.paginationResult.numberOfPages ?? 1);
  if (page > lastPage) throw redirect(pageHref(url, lastPage));
  return { shop: context.shop, log, filter, filterErrors };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const page = loaderData?.log?.paginationResult.currentPage ?? 1;
  return pageMeta({
    shop: loaderData?.shop,
    title: page > 1 ? at.withPage(t.title, formatNumber(page)) : t.title,
    description: t.description,
    path: page > 1 ? `${PATH}?page=${page}` : PATH,
    noindex: true,
  });
}

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const { shop, log, filter, filterErrors } = loaderData;
  const busy = useLoadingHere();
  const hrefFor = usePageHref();
  const filtered = Object.values(filter).some((value) => value !== '');
  return (
    <>
      <h1 className="mb-1 text-2xl font-bold">{t.title}</h1>
      <p className="mb-5 text-slate-700" aria-live="polite">
        {t.description}
        {log && ` ${plural(log.results, t.count)}`}
      </p>
      <Filters filter={filter} errors={filterErrors} filtered={filtered} />
      {!log ? (
        <p className="text-slate-700">{t.filters.fixFilters}</p>
      ) : log.data.length === 0 && filtered ? (
        <EmptyState Icon={Search} title={t.noMatches}>
          <Link to={PATH} className="font-bold text-brand-700 hover:underline">
            {t.filters.clear}
          </Link>
        </EmptyState>
      ) : log.data.length === 0 ? (
        <EmptyState Icon={History} title={t.empty} hint={t.emptyHint} />
      ) : (
        <BusyRegion busy={busy}>
          <DenseTable
            id="admin-activity-caption"
            caption={t.table.caption}
            minWidthClass="min-w-[56rem]"
            head={
              <>
                <DenseHeading>{t.table.when}</DenseHeading>
                <DenseHeading>{t.table.who}</DenseHeading>
                <DenseHeading>{t.table.what}</DenseHeading>
                <DenseHeading>{t.table.subject}</DenseHeading>
                <DenseHeading>{t.table.changes}</DenseHeading>
              </>
            }
          >
            {log.data.map((line) => (
              <tr key={line.id} className="border-t border-slate-200 align-top">
                <td className={`${denseCell} whitespace-nowrap`}>
                  <time dateTime={line.createdAt}>{formatDateTime(line.createdAt, shop.timeZone)}</time>
                </td>
                <td className={denseCell}>
                  <bdi className="font-bold">{line.actor.name}</bdi>
                  <br />
                  <bdi dir="ltr" className="text-slate-600 [overflow-wrap:anywhere]">
                    {line.actor.email}
                  </bdi>
                </td>
                <th scope="row" className={`${denseCell} text-start font-bold`}>
                  {t.actions[line.action]}
                </th>
                <td className={denseCell}>
                  <Subject line={line} />
                </td>
                <td className={denseCell}>
                  <Changes line={line} currency={shop.currency} />
                </td>
              </tr>
            ))}
          </DenseTable>
          <Pagination
            currentPage={log.paginationResult.currentPage}
            numberOfPages={log.paginationResult.numberOfPages}
            hrefFor={hrefFor}
            label={t.pager}
          />
        </BusyRegion>
      )}
    </>
  );
}

/** The filters: a plain GET form, so the state is the URL and a new filter starts at page 1. */
function Filters({
  filter,
  errors,
  filtered,
}: {
  filter: StaffActionFilter;
  errors: FieldErrors<StaffActionFilterName>;
  filtered: boolean;
}) {
  const f = t.filters;
  return (
    <section
      aria-labelledby="activity-filters-heading"
      className="mb-6 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <h2 id="activity-filters-heading" className="sr-only">
        {f.region}
      </h2>
      <Form key={JSON.stringify(filter)} method="get" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField name="action" label={f.action} defaultValue={filter.action} error={errors.action}>
          <option value="">{f.anyAction}</option>
          {STAFF_ACTION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t.actions[kind]}
            </option>
          ))}
        </SelectField>
        <FormField
          name="from"
          type="date"
          label={f.from}
          defaultValue={filter.from}
          error={errors.from}
          hint={f.daysHint}
        />
        <FormField name="to" type="date" label={f.to} defaultValue={filter.to} error={errors.to} />
        <div className="flex flex-wrap items-end gap-2">
          <button
            type="submit"
            className="flex items-center gap-1.5 rounded-lg bg-brand-700 px-4 py-2.5 font-bold text-white hover:bg-brand-600"
          >
            <Search aria-hidden="true" className="size-5" />
            {f.apply}
          </button>
          {filtered && (
            <Link to={PATH} className="rounded-lg px-3 py-2.5 font-bold text-brand-700 hover:underline">
              {f.clear}
            </Link>
          )}
        </div>
      </Form>
    </section>
  );
}

/** Where a subject's page is: the settings and the team have one page each; a deleted zone has none. */
function subjectHref({ action, subject }: StaffAction): string | undefined {
  if (subject.type === 'settings') return '/admin/settings';
  if (subject.type === 'user') return '/admin/staff';
  if (!subject.id || action === 'shipping_zone.deleted') return undefined;
  switch (subject.type) {
    case 'order':
      return `/admin/orders/${subject.id}`;
    case 'product':
      return `/admin/editproducts/${subject.id}`;
    case 'shipping_zone':
      return `/admin/shipping-zones/${subject.id}`;
  }
}

function Subject({ line }: { line: StaffAction }) {
  const href = subjectHref(line);
  const label = line.subject.type === 'order' ? t.orderLabel(line.subject.label) : line.subject.label;
  return (
    <>
      <span className="block text-slate-600">{t.subjects[line.subject.type]}</span>
      {href ? (
        <Link to={href} className="font-bold text-brand-700 hover:underline [overflow-wrap:anywhere]">
          <bdi>{label}</bdi>
        </Link>
      ) : (
        <bdi className="font-bold [overflow-wrap:anywhere]">{label}</bdi>
      )}
    </>
  );
}

type ChangeValue = StaffAction['changes'][number]['before'];

/** A value as the reader reads it: money in the shop's currency, yes or no, lists joined. */
function shown(field: string, value: ChangeValue, currency: string): string {
  if (value === null || value === '') return t.none;
  if (typeof value === 'boolean') return value ? t.yes : t.no;
  if (typeof value === 'number')
    return t.moneyFields.includes(field) ? formatPrice(value, currency) : formatNumber(value, 2);
  if (Array.isArray(value)) return value.join('، ');
  return value;
}

function Changes({ line, currency }: { line: StaffAction; currency: string }) {
  const names: Record<string, string> = t.fields[line.subject.type];
  return (
    <ul className="grid gap-1">
      {line.changes.map((change) => (
        <li key={`${change.field}-${change.variant ?? ''}`} className="[overflow-wrap:anywhere]">
          <span className="font-bold">
            {names[change.field] ?? change.field}
            {change.variant && (
              <>
                {' '}
                (<bdi>{change.variant}</bdi>)
              </>
            )}
            :
          </span>{' '}
          {/* Before, an arrow pointing the way an Arabic reader reads, after. */}
          {line.action.endsWith('.created') ? null : (
            <>
              <bdi>{shown(change.field, change.before, currency)}</bdi> <span aria-hidden="true">{t.arrow}</span>{' '}
              <span className="sr-only">{t.becomes}</span>{' '}
            </>
          )}
          <bdi>{shown(change.field, change.after, currency)}</bdi>
        </li>
      ))}
    </ul>
  );
}
