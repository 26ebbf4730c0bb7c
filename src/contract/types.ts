/**
 * The types of /api/v1's answers and request bodies, inferred from the schemas beside each domain
 * (answers: the response schemas; bodies: what the request schemas accept). The server's
 * serializers and the web's client share them, and nothing here is written twice.
 */
import type { z } from 'zod';
import type { abandonedCartSchema } from './abandoned-carts.js';
import type {
  authEnvelope,
  authSchemas,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  roleSchema,
  userSchema,
  verifyResetCodeSchema,
} from './auth.js';
import type {
  createSubcategorySchema,
  namedItemSchema,
  noMatchSchema,
  productBulkSchema,
  productSchema,
  subcategorySchema,
  suggestionSchema,
  updateSubcategorySchema,
} from './catalog.js';
import type { customerEnvelope, customerOrderSchema, customerSchema } from './customers.js';
import type { featuredEnvelope, featuredSchema, homeEnvelope, slideFieldsObject, slideSchema } from './home.js';
import type { storedImageSchema } from './images.js';
import type { creditNoteSchema, invoiceSchema } from './invoices.js';
import type { pageUpdateSchema, storePageSchema } from './pages.js';
import type {
  createReviewSchema,
  moderatedReviewSchema,
  reviewModerationSchema,
  reviewSchema,
  updateReviewSchema,
} from './reviews.js';
import type {
  addressSchema,
  addressSchemas,
  addToCartSchema,
  basketEnvelope,
  basketMergeEnvelope,
  basketSchema,
  cartEnvelope,
  cartLineSchema,
  cartSchema,
  checkoutStatusSchema,
  couponSchema,
  createCouponSchema,
  orderEventSchema,
  orderItemSchema,
  orderSchema,
  orderStatusChangeSchema,
  orderStatusSchema,
  refundRequestSchema,
  refundSchema,
  shippingAddressSchema,
  updateCouponSchema,
} from './shopping.js';
import type {
  staffChangeSchema,
  staffInviteAcceptSchema,
  staffInviteSchema,
  staffInviteViewSchema,
  staffListEnvelope,
  staffMemberSchema,
  staffRoleSchema,
} from './staff.js';
import type {
  createShippingZoneSchema,
  publicStoreSettingsSchema,
  quoteSchema,
  shippingZoneSchema,
  storeSettingsSchema,
  storeSettingsUpdateSchema,
  updateShippingZoneSchema,
} from './store.js';
import type { productOptionSchema, variantSchema } from './variants.js';

export type { ListEnvelope } from './common.js';
export type StoredImage = z.output<typeof storedImageSchema>;

export type Role = z.output<typeof roleSchema>;
/** The roles of the admin (docs/staff.md). */
export type StaffRole = z.output<typeof staffRoleSchema>;
export type StaffMember = z.output<typeof staffMemberSchema>;
export type StaffInviteView = z.output<typeof staffInviteViewSchema>;
export type StaffList = z.output<typeof staffListEnvelope>['data'];
export type StaffInviteBody = z.input<typeof staffInviteSchema>;
export type StaffInviteAcceptBody = z.input<typeof staffInviteAcceptSchema>;
export type StaffChangeBody = z.input<typeof staffChangeSchema>;
export type User = z.output<typeof userSchema>;
export type Customer = z.output<typeof customerSchema>;
export type CustomerDetail = z.output<typeof customerEnvelope>['data'];
export type CustomerOrder = z.output<typeof customerOrderSchema>;
export type AuthEnvelope = z.output<typeof authEnvelope>;

export type NamedItem = z.output<typeof namedItemSchema>;
export type Category = NamedItem;
export type Brand = NamedItem;
export type Subcategory = z.output<typeof subcategorySchema>;
export type Product = z.output<typeof productSchema>;
/** What a keyword search that found nothing offers instead. */
export type NoMatch = z.output<typeof noMatchSchema>;
export type Variant = z.output<typeof variantSchema>;
export type ProductOptionView = z.output<typeof productOptionSchema>;
export type Suggestion = z.output<typeof suggestionSchema>;
export type Review = z.output<typeof reviewSchema>;
export type ModeratedReview = z.output<typeof moderatedReviewSchema>;
export type ReviewModeration = z.output<typeof reviewModerationSchema>;

export type CartLine = z.output<typeof cartLineSchema>;
export type Cart = z.output<typeof cartSchema>;
export type CartEnvelope = z.output<typeof cartEnvelope>;
export type Basket = z.output<typeof basketSchema>;
export type BasketEnvelope = z.output<typeof basketEnvelope>;
export type BasketMergeEnvelope = z.output<typeof basketMergeEnvelope>;
export type Coupon = z.output<typeof couponSchema>;
export type Address = z.output<typeof addressSchema>;
export type OrderItem = z.output<typeof orderItemSchema>;
export type Order = z.output<typeof orderSchema>;
export type OrderEvent = z.output<typeof orderEventSchema>;
export type Refund = z.output<typeof refundSchema>;
export type RefundRequest = z.output<typeof refundRequestSchema>;
export type OrderStatus = z.output<typeof orderStatusSchema>;
export type CheckoutStatus = z.output<typeof checkoutStatusSchema>;
export type Invoice = z.output<typeof invoiceSchema>;
export type CreditNote = z.output<typeof creditNoteSchema>;
export type StoreSettingsView = z.output<typeof storeSettingsSchema>;
export type PublicStoreSettingsView = z.output<typeof publicStoreSettingsSchema>;
export type AbandonedCart = z.output<typeof abandonedCartSchema>;
export type ShippingZone = z.output<typeof shippingZoneSchema>;
export type Quote = z.output<typeof quoteSchema>;

type AuthSchemas = ReturnType<typeof authSchemas>;
export type SignupBody = z.input<AuthSchemas['signup']>;
export type LoginBody = z.input<typeof loginSchema>;
export type ForgotPasswordBody = z.input<typeof forgotPasswordSchema>;
export type VerifyResetCodeBody = z.input<typeof verifyResetCodeSchema>;
export type ResetPasswordBody = z.input<typeof resetPasswordSchema>;
export type UpdateMeBody = z.input<AuthSchemas['updateMe']>;
export type ChangePasswordBody = z.input<AuthSchemas['changeMyPassword']>;
export type SubcategoryBody = z.input<typeof createSubcategorySchema>;
export type SubcategoryChanges = z.input<typeof updateSubcategorySchema>;
export type ReviewBody = z.input<typeof createReviewSchema>;
export type ReviewChanges = z.input<typeof updateReviewSchema>;
export type AddToCartBody = z.input<typeof addToCartSchema>;
export type AddressBody = z.input<ReturnType<typeof addressSchemas>['create']>;
export type ShippingAddressBody = z.input<ReturnType<typeof shippingAddressSchema>>;
/** `expire` as a date input gives it ('2026-12-31'); the API keeps it to the end of that day. */
export type CouponBody = z.input<typeof createCouponSchema>;
export type CouponChanges = z.input<typeof updateCouponSchema>;
export type OrderStatusChange = z.input<typeof orderStatusChangeSchema>;
export type RefundBody = z.input<typeof refundRequestSchema>;
export type StoreSettingsBody = z.input<ReturnType<typeof storeSettingsUpdateSchema>>;
export type StorePage = z.output<typeof storePageSchema>;
export type StorePageBody = z.input<typeof pageUpdateSchema>;
export type ProductBulkBody = z.input<typeof productBulkSchema>;
export type ShippingZoneBody = z.input<typeof createShippingZoneSchema>;
export type ShippingZoneChanges = z.input<typeof updateShippingZoneSchema>;
export type HomeSlide = z.output<typeof slideSchema>;
export type HomeSlideBody = z.input<typeof slideFieldsObject>;
export type HomeFeaturedBody = z.input<typeof featuredSchema>;
export type HomeFeatured = z.output<typeof featuredEnvelope>['data'];
export type Home = z.output<typeof homeEnvelope>['data'];
