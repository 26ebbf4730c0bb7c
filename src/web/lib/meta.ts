import type { ShopInfo } from '../../contract/transport';

type PageMetaInput = {
  shop: ShopInfo | undefined;
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. `/products?page=2`. */
  path: string;
  noindex?: boolean;
};

/** Title (with the shop's name), description and absolute canonical link of a page. */
export function pageMeta({ shop, title, description, path, noindex = false }: PageMetaInput) {
  const name = shop?.name ?? 'متجر';
  return [
    { title: `${title} | ${name}` },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: `${shop?.publicUrl ?? ''}${path}` },
    ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}
