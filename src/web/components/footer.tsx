import { MapPin, Phone } from 'lucide-react';
import { phoneCountryOf } from '../../contract/phone';
import type { ShopInfo } from '../../contract/transport';
import { t } from '../i18n/ar';
import { phoneExamples } from '../i18n/auth';
import { showPhone } from '../lib/format';

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

const socials = [
  { label: t.social.facebook, href: 'https://facebook.com', Icon: FacebookIcon },
  { label: t.social.instagram, href: 'https://instagram.com', Icon: InstagramIcon },
  { label: t.social.x, href: 'https://x.com', Icon: XIcon },
];

/** The shop's contact line follows its market (docs/decisions/0018-shop-country.md): its city, a number of its country. */
export function Footer({ shop }: { shop: Pick<ShopInfo, 'name' | 'phoneCountry' | 'defaultCity'> | undefined }) {
  const shopName = shop?.name ?? 'متجر';
  const phoneCountry = phoneCountryOf(shop?.phoneCountry ?? '');
  return (
    <footer className="mt-10 border-t border-slate-200 bg-white print:hidden">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between">
        <ul className="flex flex-wrap gap-4">
          <li>{t.footerTerms}</li>
          <li>{t.footerPrivacy}</li>
          <li>{t.footerContact}</li>
        </ul>
        <div className="flex items-center gap-4">
          {shop && (
            <span className="flex items-center gap-1.5">
              <MapPin aria-hidden="true" className="size-4" />
              <span className="sr-only">{t.footerCity}</span>
              <bdi>{shop.defaultCity}</bdi>
            </span>
          )}
          <span className="flex items-center gap-1.5">
            <Phone aria-hidden="true" className="size-4" />
            <span className="sr-only">{t.footerPhone}</span>
            <bdi dir="ltr">{showPhone(phoneExamples[phoneCountry], { phoneCountry })}</bdi>
          </span>
          <ul className="flex gap-3">
            {socials.map(({ label, href, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  aria-label={label}
                  rel="noopener noreferrer"
                  className="text-slate-600 hover:text-brand-700"
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="pb-4 text-center text-xs text-slate-600">{t.footerRights(new Date().getFullYear(), shopName)}</p>
    </footer>
  );
}
