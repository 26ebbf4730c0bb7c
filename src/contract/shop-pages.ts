import { toAsciiDigits } from './digits.js';

/*
 * The store's pages and its contact links, as plain values (docs/store-pages.md): apart from the
 * schemas of src/contract/pages.ts and src/contract/store.ts so the footer, the sitemap and the
 * screens use them without loading zod.
 */

/** The pages every shop has, in the footer's order; the owner edits their text, not their list. */
export const STORE_PAGE_SLUGS = ['about', 'terms', 'privacy', 'returns', 'contact'] as const;
export type StorePageSlug = (typeof STORE_PAGE_SLUGS)[number];

export const isStorePageSlug = (value: string): value is StorePageSlug =>
  (STORE_PAGE_SLUGS as readonly string[]).includes(value);

/** A page's limits in characters: its title, and its Markdown text. */
export const PAGE_TITLE_MAX = 120;
export const PAGE_BODY_MAX = 20_000;

/**
 * The social networks the footer links to, each with the sites its links may go to (the address's
 * host is one of them or beneath one: `www.instagram.com`). Also the settings fields' order.
 */
export const SOCIAL_NETWORKS = {
  instagram: ['instagram.com'],
  x: ['x.com', 'twitter.com'],
  tiktok: ['tiktok.com'],
  snapchat: ['snapchat.com'],
  facebook: ['facebook.com', 'fb.com'],
} as const satisfies Record<string, readonly string[]>;
export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;
export const SOCIAL_NETWORK_NAMES = Object.keys(SOCIAL_NETWORKS) as SocialNetwork[];

/** The most characters of a social link. */
export const SOCIAL_LINK_MAX = 300;

/** Whether `value` is an https address on the network's own site (no user name or password in it). */
export function isNetworkLink(network: SocialNetwork, value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '') return false;
  const sites: readonly string[] = SOCIAL_NETWORKS[network];
  return sites.some((site) => url.hostname === site || url.hostname.endsWith(`.${site}`));
}

/** A WhatsApp chat with an E.164 number (`+9665…`): wa.me takes it without its plus. */
export const whatsappLink = (e164: string) => `https://wa.me/${e164.replace(/\D/g, '')}`;

/**
 * A `tel:` link of the first number in what the owner typed (the shop's phone is free text: «0112345678
 * / 0501234567», «920000000 تحويلة 5»): its digits and a leading plus; none when no number is there.
 */
export function telLink(phone: string): string | undefined {
  const number = toAsciiDigits(phone).match(/\+?\d[\d\s().-]*\d/)?.[0];
  return number ? `tel:${number.replace(/[^\d+]/g, '')}` : undefined;
}
