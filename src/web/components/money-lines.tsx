import { type MoneyParts, moneyLines } from '../../contract/money-lines';

/**
 * An order's or a quote's money as one list (docs/pricing.md): subtotal, discount, shipping, cash
 * fee, VAT and total — the payment screen and every order view show the same lines.
 */
export function MoneyLines({
  money,
  currency,
  className = '',
}: {
  money: MoneyParts;
  currency: string;
  className?: string;
}) {
  return (
    <dl className={`space-y-1.5 text-sm ${className}`}>
      {moneyLines(money, currency).map((line) => (
        <div
          key={line.key}
          data-line={line.key}
          className={`flex items-baseline justify-between gap-x-3 ${line.key === 'total' ? 'border-t border-slate-200 pt-2 text-base font-bold' : ''}`}
        >
          {/* The amount keeps its place beside the name; on a phone the VAT's rate goes on its own line under it. */}
          <dt className={`min-w-0 ${line.key === 'total' ? '' : 'text-slate-700'}`}>
            {line.label}
            {line.detail && (
              <>
                {' '}
                <span className="block sm:inline">{line.detail}</span>
              </>
            )}
          </dt>
          <dd className={`shrink-0 whitespace-nowrap ${line.key === 'total' ? 'text-brand-700' : 'font-bold'}`}>
            {line.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
