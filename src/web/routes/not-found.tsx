import { data } from 'react-router';
import { NotFound } from '../components/not-found';

/** Any URL no route claims: a real 404 status with the Arabic page. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
