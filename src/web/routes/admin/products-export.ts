import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { downloadResponse } from '../../lib/download.server';
import type { Route } from './+types/products-export';

/**
 * The admin products screen's «تصدير CSV» link: every product and variant as the API writes them
 * (GET /api/v1/products/export.csv, docs/variants.md § CSV export), passed on as it streams.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'staff');
  return downloadResponse(await apiFor(request, context).products.exportCsv());
}
