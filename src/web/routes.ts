import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('products/:id', 'routes/product.tsx'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('login', 'routes/login.tsx'),
  route('register', 'routes/register.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('user/forgetPassword', 'routes/forget-password.tsx'),
  route('user/verify-code', 'routes/verify-code.tsx'),
  route('user/reset-password', 'routes/reset-password.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
