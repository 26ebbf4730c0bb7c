import { redirect } from 'react-router';
import { ApiError } from '../../lib/api';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { downloadResponse } from '../../lib/download.server';
import type { Route } from './+types/vat-report-export';

/**
 * The VAT report's «تنزيل CSV» link: the API's CSV of the same period
 * (GET /api/v1/admin/vat-report.csv, docs/invoices.md § The VAT report). A period the API refuses
 * goes back to the report, which says what is wrong with it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'admin');
  const url = new URL(request.url);
  const period = { from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' };
  try {
    return downloadResponse(await apiFor(request, context).vatReport.csv(period));
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) throw redirect(`/admin/reports/vat${url.search}`);
    throw error;
  }
}
