import { orderFilterSchema } from '../../contract/order-query';
import { schemaErrors } from './api-errors';
import type { FieldErrors } from './form';
import { type OrderFilterName, type OrderFilterValues, orderFilterNames } from './order-filter';

/** What the API would refuse in these filters, in Arabic, by field (the contract's own schema). */
export const orderFilterErrors = (values: OrderFilterValues, phoneCountry: string): FieldErrors<OrderFilterName> =>
  schemaErrors(orderFilterSchema, values, orderFilterNames, { phoneCountry });
