import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('products', 'routes/products.tsx'),
  // One screen for a category's and a brand's products.
  route('products/allCategory/:id', 'routes/group-products.tsx', { id: 'category-products' }),
  route('products/allBrand/:id', 'routes/group-products.tsx', { id: 'brand-products' }),
  route('allcategory', 'routes/all-categories.tsx'),
  route('allbrands', 'routes/all-brands.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
