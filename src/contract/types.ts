/** Response shapes of /api/v1 (API-CONTRACT.md), shared by the server's serializers and the web client. */

export type Role = 'user' | 'admin';

export type User = {
  _id: string;
  id: string;
  name: string;
  email: string;
  phone: string;
  role: Role;
  createdAt: string;
  updatedAt: string;
};

/** Sign-up and sign-in answer with the user and a bearer token; a password reset with the token. */
export type AuthEnvelope = { data: User; token: string };
export type TokenEnvelope = { token: string };
export type StatusEnvelope = { status: string; message?: string };

export type NamedItem = {
  _id: string;
  id: string;
  name: string;
  slug: string;
  image: string | null;
  createdAt: string;
  updatedAt: string;
};
export type Category = NamedItem;
export type Brand = NamedItem;

export type Subcategory = {
  _id: string;
  id: string;
  name: string;
  slug: string;
  category: string;
  createdAt: string;
  updatedAt: string;
};

export type Product = {
  _id: string;
  id: string;
  title: string;
  slug: string;
  description: string;
  quantity: number;
  sold: number;
  price: number;
  priceAfterDiscount?: number;
  availableColors: string[];
  imageCover: string | null;
  images: (string | null)[];
  category: string;
  subcategory: string[];
  brand: string | null;
  ratingsAverage: number;
  ratingsQuantity: number;
  createdAt: string;
  updatedAt: string;
};

export type PaginationResult = {
  currentPage: number;
  limit: number;
  numberOfPages: number;
  nextPage?: number;
  prevPage?: number;
};

export type ListEnvelope<T> = { results: number; paginationResult: PaginationResult; data: T[] };
export type ItemEnvelope<T> = { data: T };

export type FieldError = { value?: unknown; msg: string; param: string; location: string };
export type ErrorBody = { errors: FieldError[] } | { status: 'fail' | 'error'; message: string };
