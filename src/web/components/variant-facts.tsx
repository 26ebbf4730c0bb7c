import { isColorOption } from '../../contract/constants';
import { describeOptions } from '../../contract/variant-names';
import { variantText } from '../i18n/admin-products';

/**
 * What a line's variant is, beside its title (docs/variants.md): its options but the colour (shown
 * as a swatch where the line shows its colour), and for staff its SKU.
 */
export function VariantFacts({ options, sku }: { options: Record<string, string>; sku?: string | undefined }) {
  const described = describeOptions(
    Object.fromEntries(Object.entries(options).filter(([name]) => !isColorOption(name))),
  );
  if (!described && !sku) return null;
  return (
    <>
      {described ? <span>{described}</span> : null}
      {sku ? (
        <span>
          {variantText.sku}:{' '}
          <bdi dir="ltr" className="break-all">
            {sku}
          </bdi>
        </span>
      ) : null}
    </>
  );
}
