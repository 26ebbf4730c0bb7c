import { colorName } from './colors.js';
import { isColorOption } from './constants.js';

/*
 * How a variant is named to people (docs/variants.md § Stock, orders and documents): on screens,
 * documents, e-mails and the CSV. Free of zod, so screens can use it without loading the schemas.
 */

/**
 * A variant's options as a person reads them, in the order they are stored (PostgreSQL's jsonb
 * keeps keys shortest first): «اللون: أسود، المقاس: 42», a colour by its Arabic name. Empty for a
 * default variant.
 */
export function describeOptions(options: Record<string, string>): string {
  return Object.entries(options)
    .map(([name, value]) => `${name}: ${isColorOption(name) ? (colorName(value) ?? value) : value}`)
    .join('، ');
}

/** A line's name on orders, documents, e-mails and the CSV: the title, then the variant's options. */
export function variantTitle(title: string, options: Record<string, string>): string {
  const described = describeOptions(options);
  return described ? `${title} (${described})` : title;
}

/** A line as a list or an e-mail names it: the variant's title, its SKU and how many («… · SKU × 2»). */
export function lineLabel(line: { title: string; options: Record<string, string>; sku: string; count: number }) {
  const name = variantTitle(line.title, line.options);
  return `${line.sku ? `${name} · ${line.sku}` : name} × ${line.count}`;
}
