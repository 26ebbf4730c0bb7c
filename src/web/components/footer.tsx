import { Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { Link } from 'react-router';
import {
  SOCIAL_NETWORK_NAMES,
  type SocialNetwork,
  STORE_PAGE_SLUGS,
  telLink,
  whatsappLink,
} from '../../contract/shop-pages';
import type { ShopInfo } from '../../contract/transport';
import { t } from '../i18n/ar';
import { sp } from '../i18n/store-pages';

const FacebookIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 fill-current">
    <path d="M14 8h3V4h-3c-2.8 0-4 1.7-4 4.3V10H7v4h3v8h4v-8h3l.5-4H14V8.6c0-.4.3-.6.6-.6z" />
  </svg>
);
const InstagramIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 fill-none stroke-current stroke-2">
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.5" cy="6.5" r="0.5" />
  </svg>
);
const XIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 fill-current">
    <path d="M17.7 3h3.1l-6.8 7.8L22 21h-6.3l-4.9-6.4L5.2 21H2.1l7.3-8.3L1.8 3h6.4l4.4 5.8L17.7 3zm-1.1 16.2h1.7L7.5 4.7H5.7l10.9 14.5z" />
  </svg>
);
const TikTokIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 fill-current">
    <path d="M16.6 3c.4 2.4 1.9 3.9 4.4 4.1v3.2c-1.6.1-3-.4-4.4-1.3v6.2c0 3.6-2.6 5.8-5.7 5.8A5.5 5.5 0 0 1 5.3 15c0-3.4 3-6 6.6-5.4v3.3c-1.6-.4-3.2.5-3.2 2.2 0 1.4 1.1 2.4 2.3 2.4 1.4 0 2.4-.9 2.4-2.8V3h3.2z" />
  </svg>
);
const SnapchatIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 fill-none stroke-current stroke-2">
    <path d="M12 3c3 0 5 2.2 5 5v2.5l1.8-.6c.6.8.2 1.4-1.5 2 .8 2 2.2 3.2 3.7 3.6-.3.8-1.5 1-2.6 1.2-.3.6-.2 1.3-.9 1.3-.9 0-1.8-.5-3.1.3-1 .7-1.6 1.2-2.4 1.2s-1.4-.5-2.4-1.2c-1.3-.8-2.2-.3-3.1-.3-.7 0-.6-.7-.9-1.3-1.1-.2-2.3-.4-2.6-1.2 1.5-.4 2.9-1.6 3.7-3.6-1.7-.6-2.1-1.2-1.5-2l1.8.6V8c0-2.8 2-5 5-5z" />
  </svg>
);

const ICONS: Record<SocialNetwork, () => React.JSX.Element> = {
  instagram: InstagramIcon,
  x: XIcon,
  tiktok: TikTokIcon,
  snapchat: SnapchatIcon,
  facebook: FacebookIcon,
};

const linkClass = 'underline-offset-4 hover:text-brand-700 hover:underline';

/**
 * The store's pages, and the shop's contact as the owner set it in the settings: phone, e-mail,
 * WhatsApp and the networks they filled in, nothing else (docs/store-pages.md § The footer).
 */
export function Footer({ shop }: { shop: Pick<ShopInfo, 'name' | 'defaultCity' | 'contact'> | undefined }) {
  const contact = shop?.contact;
  const shopName = shop?.name ?? 'متجر';
  const socials = SOCIAL_NETWORK_NAMES.flatMap((network) => {
    const href = contact?.[`${network}Url`];
    return href ? [{ network, href, Icon: ICONS[network] }] : [];
  });
  return (
    <footer className="mt-10 border-t border-slate-200 bg-white print:hidden">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm text-slate-700 lg:flex-row lg:items-center lg:justify-between">
        <nav aria-label={sp.footerPages}>
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {STORE_PAGE_SLUGS.map((slug) => (
              <li key={slug}>
                <Link to={`/pages/${slug}`} className={linkClass}>
                  {sp.pageNames[slug]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          {shop && (
            <span className="flex items-center gap-1.5">
              <MapPin aria-hidden="true" className="size-4" />
              <span className="sr-only">{t.footerCity}</span>
              <bdi>{shop.defaultCity}</bdi>
            </span>
          )}
          {contact?.phone && <PhoneContact phone={contact.phone} />}
          {contact?.email && (
            <a href={`mailto:${contact.email}`} className={`flex items-center gap-1.5 ${linkClass}`}>
              <Mail aria-hidden="true" className="size-4" />
              <span className="sr-only">{sp.footerEmail}</span>
              <bdi dir="ltr">{contact.email}</bdi>
            </a>
          )}
          {contact?.whatsapp && (
            <a
              href={whatsappLink(contact.whatsapp)}
              rel="noopener noreferrer"
              className={`flex items-center gap-1.5 ${linkClass}`}
            >
              <MessageCircle aria-hidden="true" className="size-4" />
              {sp.footerWhatsapp}
            </a>
          )}
          {socials.length > 0 && (
            <ul className="flex gap-3" aria-label={sp.footerSocial}>
              {socials.map(({ network, href, Icon }) => (
                <li key={network}>
                  <a
                    href={href}
                    aria-label={sp.networks[network]}
                    rel="noopener noreferrer"
                    className="inline-flex size-11 items-center justify-center text-slate-600 hover:text-brand-700"
                  >
                    <Icon />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <p className="pb-4 text-center text-xs text-slate-600">{t.footerRights(new Date().getFullYear(), shopName)}</p>
    </footer>
  );
}

/** The shop's phone, tappable when it holds a number (telLink); as typed either way. */
function PhoneContact({ phone }: { phone: string }) {
  const href = telLink(phone);
  const content = (
    <>
      <Phone aria-hidden="true" className="size-4" />
      <span className="sr-only">{sp.footerPhone}</span>
      <bdi dir="ltr">{phone}</bdi>
    </>
  );
  return href ? (
    <a href={href} className={`flex items-center gap-1.5 ${linkClass}`}>
      {content}
    </a>
  ) : (
    <span className="flex items-center gap-1.5">{content}</span>
  );
}
