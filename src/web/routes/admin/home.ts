import { redirect } from 'react-router';

/** /admin itself opens the product list, where the top bar's control-panel link leads too. */
export function loader() {
  return redirect('/admin/allproducts');
}
