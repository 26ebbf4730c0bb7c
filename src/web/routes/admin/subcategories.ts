import type { Subcategory } from '../../../contract/types';
import { ApiError } from '../../lib/api';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { subcategoryOptions } from '../../lib/product-form.server';
import type { Route } from './+types/subcategories';

export type SubcategoryChoices = { category: string; subcategories: Subcategory[]; failed: boolean };

/**
 * A category's sub-categories for the product form (GET /categories/:id/subcategories), loaded by
 * a fetcher when a category is chosen. A failure is an answer too: the form says so in place
 * rather than the page showing an error.
 */
export async function loader({ request, params, context }: Route.LoaderArgs): Promise<SubcategoryChoices> {
  await requireUser(request, context, 'staff');
  try {
    const subcategories = await subcategoryOptions(apiFor(request, context), params.id);
    return { category: params.id, subcategories, failed: false };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { category: params.id, subcategories: [], failed: true };
  }
}
