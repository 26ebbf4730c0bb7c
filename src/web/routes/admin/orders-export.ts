import { redirect } from 'react-router';
import { ApiError } from '../../lib/api';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { downloadResponse } from '../../lib/download.server';
import { orderFilterFrom, orderFilterQuery } from '../../lib/order-filter';
import type { Route } from './+types/orders-export';

/**
 * The admin orders list's «تصدير CSV» link: the API's CSV of the same filters
 * (GET /api/v1/orders/export.csv, docs/orders.md), passed on as it streams. Filters the API
 * refuses go back to the list, which says what is wrong with them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'staff');
  const url = new URL(request.url);
  const query = orderFilterQuery(orderFilterFrom(url));
  try {
    return downloadResponse(await apiFor(request, context).orders.exportCsv(query));
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
      throw redirect(`/admin/allorders${url.search}`);
    }
    throw error;
  }
}
