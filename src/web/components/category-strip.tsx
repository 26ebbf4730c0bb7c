import { Link } from 'react-router';
import { t } from '../i18n/ar';
import { c } from '../i18n/catalog';
import type { NamedChoice } from './listing-filters';

const chip = 'block whitespace-nowrap rounded-full border px-4 py-1.5 text-sm font-bold';
const idle = `${chip} border-slate-200 bg-white hover:border-brand-600 hover:text-brand-700`;

/** The listing's header strip: all products, each category's products, and 'more'. */
export function CategoryStrip({ categories, allActive }: { categories: NamedChoice[]; allActive: boolean }) {
  return (
    <nav aria-label={c.categoryStrip} className="relative -mx-4 mb-6 overflow-x-auto px-4 pb-1">
      <ul className="flex gap-2">
        <li>
          <Link
            to="/products"
            aria-current={allActive ? 'page' : undefined}
            className={allActive ? `${chip} border-brand-600 bg-brand-600 text-white` : idle}
          >
            {c.all}
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category.id}>
            <Link to={`/products/allCategory/${category.id}`} className={idle}>
              {category.name}
            </Link>
          </li>
        ))}
        <li>
          <Link to="/allcategory" className={idle}>
            {t.more}
            <span className="sr-only">: {t.categories}</span>
          </Link>
        </li>
      </ul>
    </nav>
  );
}
