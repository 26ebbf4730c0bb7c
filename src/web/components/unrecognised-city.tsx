import { TriangleAlert } from 'lucide-react';
import type { Order } from '../../contract/types';
import { st } from '../i18n/admin-store';

/**
 * Staff's flag under an order's city when no shipping zone listed it and the shop's city table did
 * not know it, so the default zone priced its shipping (docs/pricing.md § Shipping): the address
 * may be misspelt, or the city may need a zone. Nothing for a recognised city.
 */
export function UnrecognisedCity({ address }: { address: Pick<Order['shippingAddress'], 'cityRecognised'> }) {
  if (address.cityRecognised) return null;
  return (
    <span className="mt-1 flex items-start gap-1.5 rounded-lg border border-amber-300 bg-amber-50 px-2 py-1 text-sm font-normal text-amber-950 print:border-slate-900 print:bg-white print:text-black">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <strong>{st.unrecognisedCity}</strong>: {st.unrecognisedCityHint}
      </span>
    </span>
  );
}
