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
/** A verified reset code: the single-use proof that `resetPassword` takes. */
export type ResetVerifiedEnvelope = { status: string; resetToken: string };

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

/** One entry of the search box's suggestions: a brand, a category or a product to go to. */
export type Suggestion = { type: 'brand' | 'category' | 'product'; id: string; name: string };

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

/** A product review; `rating` is 0.5 to 5 in half steps. */
export type Review = {
  _id: string;
  id: string;
  review: string;
  rating: number;
  user: { _id: string; name: string };
  product: string;
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
/** The shopping endpoints' envelopes (wishlist, addresses): a status word, unpaged lists. */
export type StatusListEnvelope<T> = { status: 'success'; results: number; data: T[] };
export type StatusItemEnvelope<T> = { status: 'success'; data: T };
/** A change to the wishlist or the addresses answers with the whole list after it. */
export type ChangedEnvelope<T> = { status: 'success'; message: string; data: T[] };
/** PUT /users/updateMe. */
export type UpdateMeEnvelope = { status: 'success'; data: { user: User } };

export type CartLine = {
  _id: string;
  product: {
    _id: string;
    id: string;
    title: string;
    imageCover: string | null;
    category: { _id: string; name: string };
    brand: { _id: string; name: string } | null;
    ratingsAverage: number;
    ratingsQuantity: number;
    /** Units in stock, so screens can cap the quantity input. */
    quantity: number;
    availableColors: string[];
  };
  count: number;
  /** '' when the product has no colour choice. */
  color: string;
  /** The product's current effective price, major units. */
  price: number;
};

export type Cart = {
  _id: string;
  cartOwner: string;
  products: CartLine[];
  totalCartPrice: number;
  coupon?: string;
  discount?: number;
  totalAfterDiscount?: number;
  createdAt: string;
  updatedAt: string;
};

export type CartEnvelope = { status: 'success'; numOfCartItems: number; data: Cart; message?: string };

export type Coupon = {
  _id: string;
  id: string;
  name: string;
  expire: string;
  discount: number;
  createdAt: string;
  updatedAt: string;
};

export type Address = {
  _id: string;
  id: string;
  alias: string;
  details: string;
  phone: string;
  city: string;
  postalCode: string;
};

export type OrderItem = {
  _id: string;
  product: {
    _id: string | null;
    id: string | null;
    title: string;
    imageCover: string | null;
    ratingsAverage: number;
    ratingsQuantity: number;
  };
  count: number;
  color: string;
  price: number;
};

/** A card checkout as its customer and staff see it (the thank-you page, payments to look at). */
export type CheckoutStatus = {
  _id: string;
  id: string;
  /** open: waiting for the payment, its units held; completed: became `order`; refunded / refund_due: paid, but no order could be made. */
  status: 'open' | 'completed' | 'cancelled' | 'failed' | 'expired' | 'refunded' | 'refund_due';
  amount: number;
  currency: string;
  expiresAt: string;
  isTest: boolean;
  order?: { _id: string; id: string; number: number | null };
  failureReason?: string;
  refundedAt?: string;
  /** Staff's list only: who paid. */
  user?: { _id: string; name: string; email: string };
  createdAt: string;
};

export type Order = {
  _id: string;
  id: string;
  /** Short human order number. */
  number: number;
  user: { _id: string; name: string; email: string; phone: string };
  cartItems: OrderItem[];
  shippingAddress: { details: string; phone: string; city: string; postalCode: string };
  taxPrice: number;
  shippingPrice: number;
  totalOrderPrice: number;
  coupon?: string;
  paymentMethodType: 'cash' | 'card';
  isPaid: boolean;
  paidAt?: string;
  /** Paid through the test provider: no money moved. */
  isTest: boolean;
  isDelivered: boolean;
  deliveredAt?: string;
  createdAt: string;
  updatedAt: string;
};
