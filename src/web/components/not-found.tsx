import { Link } from 'react-router';
import { t } from '../i18n/ar';
import { formatCode } from '../lib/format';

export function NotFound() {
  return (
    <section className="mx-auto max-w-lg py-16 text-center">
      <title>{`${t.notFoundTitle} | متجر`}</title>
      <meta name="robots" content="noindex" />
      <p className="mb-2 text-6xl font-bold text-brand-600">{formatCode(404)}</p>
      <h1 className="mb-3 text-2xl font-bold">{t.notFoundTitle}</h1>
      <p className="mb-6 text-slate-600">{t.notFoundText}</p>
      <Link to="/" className="inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-bold text-white hover:bg-brand-700">
        {t.backHome}
      </Link>
    </section>
  );
}
