import { colorName } from '../../contract/colors';
import { isColorOption } from '../../contract/constants';
import { currencyDigits, toMajor, toMinor } from '../../contract/money';
import type { NamedItem, Product, Variant } from '../../contract/types';
import { variantTitle } from '../../contract/variant-names';
import { xmlEscape } from '../../contract/xml';
import { searchWithChoice } from './variant-choice';

/*
 * The product feed ad platforms read (docs/variants.md § The product feed): Google Merchant
 * Center's RSS 2.0 format with the `g:` namespace (support.google.com/merchants/answer/7052112),
 * which Meta, Snapchat and TikTok catalogues read too. One item per variant, grouped by product
 * (`item_group_id`), prices with VAT as shoppers pay them.
 */

/** Google's limits on a title and a description, in characters. */
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5000;
/** Up to this many more pictures per item. */
const ADDITIONAL_IMAGES_MAX = 10;

export type FeedShop = {
  name: string;
  publicUrl: string;
  currency: string;
  /** Percent; added to prices when they do not include VAT. */
  vatRate: number;
  pricesIncludeVat: boolean;
};

/** A price in major units as shoppers pay it, with the currency: «199.00 SAR». */
function feedPrice(price: number, shop: FeedShop): string {
  const digits = currencyDigits(shop.currency);
  const minor = toMinor(price, digits);
  // Half up, as the shop rounds VAT (docs/pricing.md).
  const withVat = shop.pricesIncludeVat ? minor : Math.round((minor * (100 + shop.vatRate)) / 100);
  return `${toMajor(withVat, digits).toFixed(digits)} ${shop.currency}`;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The landing page of a variant: the product page with its options chosen, one parameter each (as the page keeps them). */
export const variantUrl = (origin: string, product: Product, variant: Variant) => {
  const choice = searchWithChoice(product.options, variant.options).toString();
  return `${origin}/products/${product.id}${choice ? `?${choice}` : ''}`;
};

function itemXml(product: Product, variant: Variant, brands: ReadonlyMap<string, string>, shop: FeedShop): string {
  const tag = (name: string, value: string) => `<${name}>${xmlEscape(value)}</${name}>`;
  const images = product.images.filter((url): url is string => Boolean(url) && url !== product.imageCover);
  const color = Object.entries(variant.options).find(([name]) => isColorOption(name))?.[1];
  const others = Object.entries(variant.options).filter(([name]) => !isColorOption(name));
  const brand = product.brand ? brands.get(product.brand) : undefined;
  return [
    '<item>',
    tag('g:id', variant.sku),
    tag('g:item_group_id', product.id),
    tag('title', clip(variantTitle(product.title, variant.options), TITLE_MAX)),
    tag('description', clip(product.description, DESCRIPTION_MAX)),
    tag('link', variantUrl(shop.publicUrl, product, variant)),
    ...(product.imageCover ? [tag('g:image_link', product.imageCover)] : []),
    ...images.slice(0, ADDITIONAL_IMAGES_MAX).map((url) => tag('g:additional_image_link', url)),
    tag('g:availability', variant.quantity > 0 ? 'in_stock' : 'out_of_stock'),
    tag('g:price', feedPrice(variant.price, shop)),
    ...(variant.priceAfterDiscount !== undefined
      ? [tag('g:sale_price', feedPrice(variant.priceAfterDiscount, shop))]
      : []),
    tag('g:condition', 'new'),
    ...(brand ? [tag('g:brand', brand)] : []),
    ...(variant.barcode ? [tag('g:gtin', variant.barcode)] : [tag('g:identifier_exists', 'no')]),
    ...(color ? [tag('g:color', colorName(color) ?? color)] : []),
    // The first other option is taken as the size (a shop's options are size and colour, mostly).
    ...(others[0] ? [tag('g:size', others[0][1])] : []),
    '</item>',
  ].join('');
}

/** The whole feed: the shop as the channel, then an item per variant of each product given. */
export function productFeedXml(products: readonly Product[], brands: readonly NamedItem[], shop: FeedShop): string {
  const brandNames = new Map(brands.map((brand) => [brand.id, brand.name]));
  const items = products.flatMap((product) =>
    product.variants.map((variant) => itemXml(product, variant, brandNames, shop)),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '<channel>',
    `<title>${xmlEscape(shop.name)}</title>`,
    `<link>${xmlEscape(shop.publicUrl)}</link>`,
    `<description>${xmlEscape(shop.name)}</description>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
