/**
 * Every failure the API can answer, one entry each: its exact English message (existing clients
 * compare some byte for byte, so never reword one), and where it appears — `status`: as the body
 * `{ status: 'fail' | 'error', message, code }` with that HTTP status; `field`: as an item of a 400
 * validation body `{ errors: [{ value, msg, param, location, code }] }`. The machine-readable
 * code is the key in SCREAMING_SNAKE (couponInvalid → COUPON_INVALID, `codeOf`): renaming a key
 * renames a published code (docs/api-errors.md lists them, checked by tests/unit/api-errors.test.ts).
 * The web says each code in Arabic (src/web/i18n/api-errors.ts).
 */
type Failure = {
  message: string;
  status?: number;
  field?: true;
  /** What a client should know beyond the message (fields beside `code`, a message's suffix…). */
  note?: string;
};

export const apiFailures = {
  // The request itself
  invalidJson: { status: 400, message: 'Invalid JSON body' },
  requestInvalid: {
    status: 400,
    message: 'The request could not be read',
    note: 'A malformed request Fastify refuses before any route (for example a Content-Length that does not match the body); it keeps the status Fastify chose.',
  },
  bodyInvalid: { field: true, message: 'The request body must be an object' },
  bodyTooLarge: { status: 413, message: 'Request body is too large' },
  requestTimeout: {
    status: 408,
    message: 'The request took too long to arrive',
    note: 'The body stopped arriving (CLIENT_TIMEOUT_SECONDS); the connection is closed.',
  },
  unsupportedMediaType: { status: 415, message: 'Unsupported media type' },
  routeNotFound: {
    status: 404,
    message: "Can't find this route",
    note: 'For an unknown path the message ends with `: <the path asked for>`.',
  },
  tooManyRequests: {
    status: 429,
    message: 'Too many requests, please try again later',
    note: 'A rate limit; try again after the `retry-after` header.',
  },
  serviceUnavailable: {
    status: 503,
    message: 'The shop is temporarily unavailable, please try again shortly',
    note: 'The database cannot be reached; try again after the `retry-after` header.',
  },
  storageFull: {
    status: 503,
    message: 'The shop cannot save changes right now (its storage is full), please try again later',
    note: 'Nothing was saved; try again after the `retry-after` header (30 s).',
  },
  storageUnavailable: {
    status: 503,
    message: 'The shop cannot save changes right now (its storage is failing), please try again later',
    note: 'Nothing was saved; try again after the `retry-after` header (30 s).',
  },
  mediaStoreUnavailable: {
    status: 503,
    message: 'The shop cannot save pictures right now (its media storage does not answer)',
    note: 'MEDIA_STORE=s3 and the bucket did not answer in time or refused; nothing was saved. Try again after the `retry-after` header (5 s).',
  },
  internalError: { status: 500, message: 'Something went wrong', note: 'With `status: "error"`.' },
  textHasNul: { field: true, message: 'Text must not contain NUL characters' },
  invalidId: { field: true, message: 'Invalid id format' },
  // Rules without a message of their own (a value of the wrong type, a list too long…)
  valueRequired: { field: true, message: 'This field is required' },
  valueTypeInvalid: { field: true, message: 'This field has the wrong type' },
  valueTooLong: { field: true, message: 'This field is too long' },
  valuesTooMany: { field: true, message: 'This list has too many items' },
  valueInvalid: { field: true, message: 'This field is invalid' },

  // Sessions and roles
  notLoggedIn: { status: 401, message: 'You are not login, Please login to get access this route' },
  tokenInvalid: { status: 401, message: 'Invalid token, please login again..' },
  userGone: { status: 401, message: 'The user that belong to this token does no longer exist' },
  passwordChanged: {
    status: 401,
    message: 'User recently changed his password. please login again..',
    note: 'The token was issued before the password was changed or reset.',
  },
  forbidden: { status: 403, message: 'You are not allowed to access this route' },
  accountDisabled: {
    status: 401,
    message: 'This account has been disabled by the shop',
    note: 'A disabled member of staff (docs/staff.md): every token is refused, and so are sign-in and password reset.',
  },

  // Accounts
  nameRequired: { field: true, message: 'name is required' },
  nameTooLong: { field: true, message: 'name is too long' },
  emailRequired: { field: true, message: 'email is required' },
  emailInvalid: { field: true, message: 'Invalid email formate' },
  emailInUse: { field: true, message: 'E-mail already in use' },
  phoneRequired: { field: true, message: 'phone is required' },
  phoneInvalid: {
    field: true,
    message: 'accept only egypt phone numbers',
    note: "Outside Egypt (PHONE_COUNTRY) the message names the shop's own rule; the code stays.",
  },
  passwordRequired: { field: true, message: 'password is required' },
  passwordTooShort: { field: true, message: 'must be at least 8 chars' },
  passwordTooLong: { field: true, message: 'must be at most 128 chars' },
  passwordTooCommon: { field: true, message: 'This password is too common, please choose another' },
  passwordConfirmRequired: { field: true, message: 'passwordConfirm is required' },
  passwordConfirmMismatch: { field: true, message: 'Password confirmation is incorrect' },
  currentPasswordRequired: { field: true, message: 'currentPassword is required' },
  currentPasswordIncorrect: { field: true, message: 'current password is incorrect' },
  userNotFound: { field: true, message: 'No user for this id' },
  loginIncorrect: { status: 400, message: 'Incorrect email or password' },
  loginLocked: {
    status: 429,
    message: 'Too many failed login attempts, please try again later',
    note: 'This e-mail address is locked for a while after failed sign-ins.',
  },

  // Staff (docs/staff.md)
  staffRefundLimitInvalid: {
    field: true,
    message: 'staffRefundLimit must be a number of 0 or more within the order limit',
  },
  staffRoleInvalid: { field: true, message: 'role must be admin or staff' },
  staffEmailTaken: {
    status: 409,
    message: 'An account with this e-mail already exists',
    note: 'Invites make new accounts only; an existing account is not promoted (docs/staff.md).',
  },
  staffInviteNotFound: {
    status: 404,
    field: true,
    message: 'This invite does not exist, was revoked or was already used',
    note: 'A token of the wrong form is a 400 on the field `token`; a well-formed unknown one, 404.',
  },
  staffInviteExpired: { status: 410, message: 'This invite has expired, ask the owner for a new one' },
  staffMemberNotFound: { status: 404, message: 'No member of staff for this id' },
  staffSelfChange: { status: 409, message: 'You cannot disable yourself or change your own role' },
  staffLastAdmin: { status: 409, message: 'The shop must keep at least one active admin' },

  // Password reset
  resetEmailUnknown: { status: 404, message: 'There is no user with that email' },
  resetCodeRequired: { field: true, message: 'resetCode is required' },
  resetCodeInvalid: { status: 400, message: 'Reset code invalid or expired' },
  resetCodeNotVerified: { status: 400, field: true, message: 'reset code not verified' },
  resetCodesTooMany: { status: 429, message: 'Too many reset codes requested, please try again later' },
  resetTriesExhausted: {
    status: 429,
    message: 'Too many wrong reset codes for this account, please try again later',
  },
  resetCodeNeedsEmail: {
    status: 429,
    message: 'Too many wrong reset codes, please send your e-mail with the code',
    note: 'Codes sent without `email` are refused for now; send the e-mail with the code.',
  },

  // Catalogue
  titleRequired: { field: true, message: 'title is required' },
  titleTooShort: { field: true, message: 'Too short product title' },
  titleTooLong: { field: true, message: 'Too long product title' },
  descriptionRequired: { field: true, message: 'Product description is required' },
  descriptionTooLong: { field: true, message: 'Too long description' },
  quantityRequired: { field: true, message: 'Product quantity is required' },
  quantityInvalid: { field: true, message: 'Product quantity must be a whole number of 0 or more' },
  priceRequired: { field: true, message: 'Product price is required' },
  priceNotNumber: { field: true, message: 'Product price must be a number' },
  priceInvalid: { field: true, message: 'Product price must be a positive number' },
  priceAfterDiscountNotNumber: { field: true, message: 'priceAfterDiscount must be a number' },
  priceAfterDiscountInvalid: { field: true, message: 'priceAfterDiscount must be a number of 0 or more' },
  priceAfterDiscountNotLower: { field: true, message: 'priceAfterDiscount must be lower than price' },
  imageCoverRequired: { field: true, message: 'Product imageCover is required' },
  tooManyImages: { field: true, message: 'You cannot upload more than 4 images' },
  imageNotOfProduct: {
    field: true,
    message: "keepImages and keepImageCover take only keys of this product's own pictures",
  },
  newImagesMismatch: {
    field: true,
    message: 'keepImages must hold one `new` for each file of images, or none',
  },
  categoryRequired: { field: true, message: 'Product must be belong to a category' },
  categoryNotFound: { status: 404, field: true, message: 'No category for this id' },
  brandNotFound: { status: 404, field: true, message: 'No brand for this id' },
  subcategoryNotFound: { status: 404, field: true, message: 'No subcategory for this id' },
  subcategoryNotInCategory: { field: true, message: 'subcategories not belong to category' },
  subcategoriesTooMany: { field: true, message: 'A product takes at most 20 subcategories' },
  colorInvalid: { field: true, message: 'availableColors must be colour hex strings like #ff0000' },
  colorsTooMany: { field: true, message: 'A product takes at most 20 availableColors' },
  optionsInvalid: { field: true, message: 'options must be a JSON list of { name, values }' },
  optionsTooMany: { field: true, message: 'A product takes at most 3 options' },
  optionNameInvalid: { field: true, message: 'Each option needs its own name of 1 to 30 characters' },
  optionValuesInvalid: {
    field: true,
    message: 'Each option takes 1 to 50 different values of 1 to 30 characters',
  },
  variantsInvalid: { field: true, message: 'variants must be a JSON list of variants' },
  variantsRequired: { field: true, message: 'A product with options needs at least one variant' },
  variantsTooMany: { field: true, message: 'A product takes at most 100 variants' },
  variantOptionsInvalid: {
    field: true,
    message: "Each variant must take one of the listed values of each of the product's options",
  },
  variantDuplicate: { field: true, message: 'Two variants have the same option values' },
  variantNotOfProduct: { field: true, message: 'A variant id in variants is not one of this product' },
  skuInvalid: {
    field: true,
    message: 'sku must be 1 to 64 letters, digits, dots, dashes, slashes or underscores',
  },
  skuTaken: { field: true, message: 'This sku is already used by another variant' },
  barcodeInvalid: {
    field: true,
    message: 'barcode must be a GTIN of 8, 12, 13 or 14 digits with its check digit',
  },
  variantsOwnPrices: {
    field: true,
    message: 'This product has options: its price and quantity are set on each variant',
    note: 'A product with options takes `price`, `priceAfterDiscount` and `quantity` in `variants` only.',
  },
  variantsOwnSku: {
    field: true,
    message: 'This product has options: its sku and barcode are set on each variant',
    note: 'A product with options (or a form sending `variants`) takes `sku` and `barcode` in `variants` only.',
  },
  imageInvalid: { status: 415, message: 'Only image files (JPEG, PNG, WebP, AVIF, GIF) are allowed' },
  imageTooLarge: { status: 413, message: 'Image is too large' },
  imageTooManyPixels: { status: 413, message: 'Image has too many pixels' },
  categoryNameRequired: { field: true, message: 'Category required' },
  categoryNameTooShort: { field: true, message: 'Too short category name' },
  categoryNameTooLong: { field: true, message: 'Too long category name' },
  categoryNameTaken: { field: true, message: 'Category name already exists' },
  brandNameRequired: { field: true, message: 'Brand required' },
  brandNameTooShort: { field: true, message: 'Too short brand name' },
  brandNameTooLong: { field: true, message: 'Too long brand name' },
  brandNameTaken: { field: true, message: 'Brand name already exists' },
  subcategoryNameRequired: { field: true, message: 'SubCategory required' },
  subcategoryNameTooShort: { field: true, message: 'Too short Subcategory name' },
  subcategoryNameTooLong: { field: true, message: 'Too long Subcategory name' },
  subcategoryNameTaken: { field: true, message: 'Subcategory name already exists in this category' },
  subcategoryCategoryRequired: { field: true, message: 'subCategory must be belong to category' },
  stillHasProducts: { status: 409, message: 'It still has products; move or delete them first' },
  productNotFound: { status: 404, message: 'No product for this id' },
  sortInvalid: { field: true, message: 'Invalid sort field' },
  pageInvalid: { field: true, message: 'page must be a positive whole number' },
  limitInvalid: { field: true, message: 'limit must be a whole number from 1 to 100' },
  priceFilterInvalid: { field: true, message: 'price filter must be a number' },
  keywordTooLong: { field: true, message: 'keyword is too long' },
  optionFilterInvalid: {
    field: true,
    message: 'option must be name:value, at most 3, each part up to 30 characters',
  },
  productStatusInvalid: { field: true, message: 'status must be active or draft (all, to list both)' },
  stockFilterInvalid: { field: true, message: 'stock must be all, in, low or out' },
  bulkIdsInvalid: { field: true, message: 'ids must be 1 to 100 product ids' },
  bulkActionInvalid: { field: true, message: 'action must be publish, draft, move or delete' },
  // The products CSV import (docs/product-import.md)
  importFileRequired: { field: true, message: 'Send the CSV as the multipart file field `file`' },
  importFileInvalid: {
    status: 400,
    message: 'The file must be a CSV in UTF-8 with the headings of the products export',
    note: 'With `missing` (headings the import needs) and `unknown` (headings it does not know) when those are the reason.',
  },
  importCsvMalformed: {
    status: 400,
    message: 'The CSV could not be read: a quoted cell is not closed',
    note: 'With `row`, the spreadsheet row where the quoted cell starts.',
  },
  importTooManyRows: { status: 413, message: 'An import takes at most 5000 rows' },
  importZipInvalid: {
    status: 400,
    message: 'The pictures must be a zip file of at most 1000 pictures',
    note: 'Also when a picture in it is larger than an upload may be.',
  },
  importRowsInvalid: {
    status: 400,
    message: 'Some rows are wrong: nothing was imported',
    note: 'With `problems`, every wrong cell as a dry run reports it.',
  },
  importCellWithoutHeading: {
    field: true,
    message: 'This row has a cell in a column without a heading (an unquoted comma?)',
  },
  importSkuRepeated: { field: true, message: 'This sku is on another row of the file too' },
  importProductNotFound: { field: true, message: 'No product has this id' },
  importSkuOfOtherProduct: { field: true, message: 'This sku belongs to another product than the row names' },
  importStatusInvalid: { field: true, message: 'The status must be منشور or مسودة' },
  importRowDisagrees: {
    field: true,
    message: "This product's field differs from the product's first row",
  },
  importOptionsDiffer: { field: true, message: "The option names differ from the product's" },
  importImageUnknown: {
    field: true,
    message: "A picture must be a URL of this shop's media or the name of a file in the zip",
  },
  importImageInvalid: {
    field: true,
    message: 'This picture in the zip is not an image the shop takes, or is too large',
  },

  // Cart and coupons
  productIdRequired: { field: true, message: 'productId is required' },
  colorRequired: { status: 400, message: 'color is required for this product' },
  colorNotAvailable: { status: 400, field: true, message: 'This color is not available for this product' },
  variantRequired: {
    status: 400,
    message: 'This product comes in several variants: send variantId',
    note: 'The product has options and the request does not name one variant (a `color` that several variants share, or none).',
  },
  variantNotFound: { status: 404, message: 'No variant of this product for this id' },
  notEnoughStock: { status: 400, message: 'Not enough quantity in stock' },
  outOfStock: { status: 400, message: 'This product is out of stock' },
  productUnavailable: {
    status: 409,
    message: 'A product in your cart is no longer for sale',
    note: 'Staff moved it back to draft after it was added; remove it from the cart to order the rest.',
  },
  cartItemNotFound: { status: 404, message: 'There is no item for this id' },
  cartNotFound: { status: 404, message: 'There is no cart for this id' },
  basketKeyInvalid: { status: 400, message: 'X-Basket-Key must be the key a guest basket was given' },
  countInvalid: { field: true, message: 'count must be a whole number of 1 or more' },
  orderTotalTooLarge: { status: 400, message: 'The order total is too large' },
  couponInvalid: { status: 400, message: 'Coupon is invalid or expired' },
  couponNameRequired: { field: true, message: 'Coupon name required' },
  couponNameTooLong: { field: true, message: 'Coupon name is too long' },
  couponNameTaken: { field: true, message: 'Coupon name already exists' },
  couponExpireRequired: { field: true, message: 'Coupon expire time required' },
  couponExpireInvalid: { field: true, message: 'Coupon expire must be a date' },
  couponDiscountRequired: { field: true, message: 'Coupon discount value required' },
  couponDiscountRange: { field: true, message: 'Discount must be between 1 and 100' },
  couponDiscountEditRange: { field: true, message: 'Discount must be between 0 and 100' },
  couponNotFound: { status: 404, message: 'No coupon for this id' },

  // Addresses
  addressNotFound: { status: 404, message: 'No address for this id' },
  addressLimit: { status: 400, message: 'You can keep at most 20 addresses' },
  aliasRequired: { field: true, message: 'alias is required' },
  aliasTooLong: { field: true, message: 'alias is too long' },
  detailsRequired: { field: true, message: 'details is required' },
  detailsTooLong: { field: true, message: 'details is too long' },
  cityRequired: { field: true, message: 'city is required' },
  cityTooLong: { field: true, message: 'city is too long' },
  postalCodeTooLong: { field: true, message: 'postalCode is too long' },

  // Reviews
  reviewRequired: { field: true, message: 'review is required' },
  reviewTooLong: { field: true, message: 'review is too long' },
  ratingRequired: { field: true, message: 'rating is required' },
  ratingInvalid: { field: true, message: 'rating must be from 0.5 to 5 in half steps' },
  reviewDuplicate: { status: 400, message: 'You already added a review for this product' },
  reviewNotFound: { status: 404, message: 'No review for this id' },
  reviewNotYours: { status: 403, message: 'You can only change your own review' },
  reviewHidden: {
    status: 409,
    message: 'The shop hid this review: it can be edited, not deleted',
    note: 'Its author deleting it and writing it again would undo the hiding (docs/reviews.md § Moderation).',
  },
  moderationReasonRequired: { field: true, message: 'A reason is needed to hide or delete a review' },
  moderationReasonTooLong: { field: true, message: 'reason is too long' },
  reviewStatusInvalid: { field: true, message: 'status must be visible or hidden' },
  ratingFilterInvalid: { field: true, message: 'rating must be a whole number of stars from 1 to 5' },
  hiddenInvalid: { field: true, message: 'hidden must be true or false' },

  // The log of staff actions (docs/staff-actions.md)
  staffActionKindInvalid: { field: true, message: 'action must be one of the kinds the log keeps' },

  // Orders and payments
  cartEmpty: { status: 400, message: 'Your cart is empty' },
  stockShort: {
    status: 409,
    message: 'Not enough stock for',
    note: 'Beside the code, `product: { id, title }` names the product; the message ends with `: <title>`.',
  },
  shippingAddressRequired: { field: true, message: 'shippingAddress is required' },
  addressRequired: {
    status: 400,
    message: 'Please add a shipping address to your account first',
    note: 'A card checkout without an address falls back to the latest saved one; there is none.',
  },
  shippingUnavailable: {
    status: 409,
    message: 'We do not deliver to this city',
    note: "No enabled shipping zone lists the address's city and the default zone is disabled.",
  },
  codNotAllowed: {
    status: 409,
    message: 'Cash on delivery is not available for this city, please pay by card',
  },
  orderNotFound: { status: 404, message: 'No order for this id' },
  customerNotFound: { status: 404, message: 'No customer for this id' },
  invoiceNotIssued: {
    status: 404,
    message: 'No tax invoice was issued for this order',
    note: 'The shop had no VAT number when the order was placed (docs/invoices.md); the order itself exists.',
  },
  creditNoteNotFound: {
    status: 404,
    message: 'No credit note with this number for this order',
    note: 'The order exists and may be seen; none of its credit notes has this number (docs/invoices.md § Credit notes).',
  },
  creditNoteNumberInvalid: { field: true, message: 'A credit note number is a whole number from 1' },
  paymentMethodInvalid: { field: true, message: 'method must be cash or card' },
  dateFilterInvalid: {
    field: true,
    message: 'from and to must be dates as YYYY-MM-DD',
    note: 'A real calendar day (years 1 to 9999); Arabic-Indic digits are read as digits.',
  },
  dateRangeInvalid: { field: true, message: 'to must not be before from' },
  reportRangeTooLong: {
    field: true,
    message: 'A report covers at most 366 days',
    note: 'from and to, both included, span at most 366 shop days (a leap year): the VAT report (docs/invoices.md § The VAT report) and the dashboard (docs/dashboard.md).',
  },
  flagFilterInvalid: { field: true, message: 'isPaid and isDelivered must be true or false' },
  orderStatusInvalid: {
    field: true,
    message: 'status must be pending, processing, shipped, delivered or cancelled',
  },
  paymentStatusInvalid: {
    field: true,
    message: 'paymentStatus must be unpaid, paid, partially_refunded or refunded',
  },
  orderNoteTooLong: { field: true, message: 'note and reason must be at most 500 characters' },
  trackingInvalid: {
    field: true,
    message: 'carrier and trackingNumber take up to 100 characters, trackingUrl an http(s) address',
    note: '`param` names `carrier` or `trackingNumber` (a bad `trackingUrl` is TRACKING_URL_INVALID); Arabic-Indic digits are stored ASCII.',
  },
  trackingUrlInvalid: {
    field: true,
    message: 'trackingUrl must be a full http:// or https:// address of at most 2000 characters',
  },
  refundAmountInvalid: {
    field: true,
    message: 'amount must be more than 0, in the currency’s units',
  },
  refundReasonRequired: { field: true, message: 'reason is required' },
  restockInvalid: {
    field: true,
    message: 'restock must be a list of at most 100 { lineId, count } with whole counts of 1 or more',
  },
  idempotencyKeyInvalid: { status: 400, message: 'Idempotency-Key must be 1 to 200 visible characters' },
  staffRefundLimit: {
    status: 403,
    message: 'This refund is above the limit the owner set for staff',
    note: 'Staff (not admins) may refund at most `staffRefundLimit` of the settings per refund (docs/staff.md).',
  },
  refundNotAllowed: { status: 409, message: 'Only a paid order can be refunded' },
  refundTooLarge: {
    status: 409,
    message: 'The refund is more than what was paid and not yet refunded',
    note: 'Refunds still waiting for the payment provider count as given back.',
  },
  restockTooLarge: {
    status: 409,
    message: "restock names another order's line, or more units than sold and not yet put back",
  },

  idempotencyKeyReused: {
    status: 409,
    message: 'This Idempotency-Key was already used for a different refund',
    note: 'The same key with the same body answers the first refund again (201, header `Idempotent-Replayed: true`).',
  },
  orderTransitionInvalid: {
    status: 409,
    message: 'The order cannot move to this status from its current one',
    note: 'The allowed moves are in docs/orders.md § Statuses; the order is unchanged.',
  },
  orderNotCancellable: {
    status: 409,
    message: 'This order can no longer be cancelled',
    note: 'A customer cancels only while the order is pending, staff before it is delivered (docs/orders.md).',
  },

  shopNameRequired: { field: true, message: 'shopName is required' },
  vatNumberInvalid: {
    field: true,
    message: 'Invalid VAT number',
    note: "The shop's SHOP_COUNTRY decides the form: Saudi Arabia 15 digits starting and ending with 3, elsewhere 9 to 15 digits. Empty clears it.",
  },
  vatRateInvalid: { field: true, message: 'vatRate must be a percentage from 0 to 100 with at most 2 decimals' },
  lowStockThresholdInvalid: { field: true, message: 'lowStockThreshold must be a whole number of 0 or more' },
  sellerIdSchemeInvalid: {
    field: true,
    message: 'sellerIdScheme must be one of CRN, MOM, MLS, 700, SAG, OTH',
    note: "ZATCA's seller identification schemes (BR-KSA-08): commercial registration, MOMRAH, MHRSD and MISA licences, 700 number, other.",
  },
  sellerIdInvalid: { field: true, message: 'sellerId must be letters and digits only, at most 50' },
  buildingNumberInvalid: { field: true, message: 'buildingNumber must be 4 digits' },
  postalCodeInvalid: { field: true, message: 'postalCode must be 5 digits' },
  additionalNumberInvalid: { field: true, message: 'additionalNumber must be 4 digits (or empty)' },
  zoneNameRequired: { field: true, message: 'Shipping zone name is required' },
  zoneNameTooLong: { field: true, message: 'Shipping zone name is too long' },
  zoneCitiesInvalid: {
    field: true,
    message: 'cities must be a list of at most 200 city names of at most 100 characters',
  },
  zoneAmountInvalid: {
    field: true,
    message: 'Shipping amounts must be numbers of 0 or more within the order limit',
    note: '`param` names the amount: `price`, `freeAbove` or `codFee`.',
  },
  zoneDefaultHasNoCities: { field: true, message: 'The default shipping zone takes no cities' },
  zoneCityTaken: {
    status: 409,
    message: 'This city already belongs to another enabled shipping zone',
    note: 'Beside the code, `city` names the city and `zone` the zone that has it.',
  },
  zoneDefaultUndeletable: {
    status: 409,
    message: 'The default shipping zone cannot be deleted, disable it instead',
  },
  zoneNotFound: { status: 404, message: 'No shipping zone for this id' },
  zoneLimit: { status: 400, message: 'A shop can keep at most 100 shipping zones' },
  checkoutNotFound: { status: 404, message: 'No checkout session for this id' },
  checkoutStatusInvalid: { field: true, message: 'status must be a checkout state' },
  cardPaymentsUnavailable: {
    status: 409,
    message: 'Card payments are not available in this shop, please pay cash on delivery',
  },
  cardAmountTooSmall: {
    status: 400,
    message: 'The order total is below the smallest card payment the payment provider takes',
    note: 'Moyasar takes 1.00 SAR (100 minor units) or more (docs/payments.md); pay cash on delivery or add to the cart.',
  },
  paymentProviderUnavailable: {
    status: 502,
    message: 'The payment provider is unavailable, please try again later',
  },
  paymentMismatch: {
    status: 400,
    message: 'The payment does not match the checkout amount or currency',
    note: 'Only when nothing names a refund; another mismatched or second payment is refunded and answered 200 (docs/payments.md, step 6).',
  },
  webhookSignatureInvalid: { status: 400, message: 'Invalid webhook signature' },
  // E-invoicing with ZATCA (docs/invoices.md § Onboarding)
  otpInvalid: { field: true, message: 'otp must be the 6-digit code from the Fatoora portal' },
  reportingFilterInvalid: {
    field: true,
    message: 'status must be pending, late, rejected or reported_with_warnings',
  },
  documentNumberInvalid: { field: true, message: 'number must be a document number from 1' },
  documentNotFound: { status: 404, message: 'No invoice or credit note has this number' },
  documentNotRefused: {
    status: 409,
    message: 'Only a document ZATCA refused, and not corrected yet, can be corrected',
  },
  eInvoicingEnvironmentInvalid: {
    field: true,
    message: 'environment must be developer-portal, simulation or core',
  },
  eInvoicingSaudiOnly: {
    status: 409,
    message: 'E-invoicing with ZATCA is for Saudi shops',
    note: 'SHOP_COUNTRY=SA (docs/invoices.md § Onboarding).',
  },
  eInvoicingSellerIncomplete: {
    status: 409,
    message: 'Complete the seller details for tax invoices before onboarding with ZATCA',
    note: '`missing` lists what is missing, as `missingForTaxInvoices` in `GET /settings` does.',
  },
  eInvoicingStepUnavailable: {
    status: 409,
    message: 'This e-invoicing step is not available now',
    note: '`step` says where onboarding stands (`GET /e-invoicing`); take the steps in order.',
  },
  eInvoicingKeySecretMissing: {
    status: 409,
    message: 'Set ZATCA_KEY_SECRET before onboarding with ZATCA',
    note: 'A public shop keeps the e-invoicing key only under a secret from its environment (docs/invoices.md § Keys at rest).',
  },
  zatcaRefused: {
    status: 422,
    message: 'ZATCA refused the request',
    note: '`zatcaStatus` is ZATCA’s HTTP status and `zatcaMessages` its own messages (`code`, `message`), shown beside the Arabic.',
  },
  zatcaUnavailable: {
    status: 502,
    message: 'ZATCA’s e-invoicing service is unavailable, please try again later',
  },
  basketReminderDelayInvalid: {
    field: true,
    message: 'basketReminderDelayHours must be a whole number of hours from 1 to 72',
  },
  unsubscribeTokenInvalid: {
    field: true,
    message: 'This unsubscribe link is not valid',
    note: "The token of a basket reminder's unsubscribe link is missing, altered or forged (docs/abandoned-baskets.md).",
  },
  // The store's pages and the footer's links (docs/store-pages.md)
  pageNotFound: {
    status: 404,
    message: 'No store page has this name',
    note: 'The pages are `about`, `terms`, `privacy`, `returns` and `contact`.',
  },
  pageTitleRequired: { field: true, message: 'A page needs a title' },
  pageBodyRequired: { field: true, message: 'A page needs some text' },
  socialLinkInvalid: { field: true, message: "Use the https address of the shop's page on this network" },
  whatsappInvalid: { field: true, message: 'Use a mobile number that has WhatsApp' },
  // The home page's slides and featured choice (docs/home-page.md)
  slideNotFound: { status: 404, message: 'No home page slide has this id' },
  slidesTooMany: {
    status: 409,
    message: 'The home page has as many slides as it can take',
    note: 'Delete a slide before adding another (docs/home-page.md).',
  },
  slideImageRequired: { field: true, message: 'A slide needs a picture' },
  slideAltRequired: { field: true, message: 'A slide needs a text describing its picture (alt)' },
  slideTitleRequired: { field: true, message: 'A slide needs a title' },
  slideLinkInvalid: {
    field: true,
    message: 'link must be a path inside the shop (starting with /) or an https address',
  },
  slideDateInvalid: { field: true, message: 'activeFrom and activeUntil must be instants with a time zone, or empty' },
  slideWindowInvalid: { field: true, message: 'activeUntil must be after activeFrom' },
  slideActiveInvalid: { field: true, message: 'active must be true or false' },
  slideOrderInvalid: { field: true, message: 'ids must name every slide once' },
  featuredCategoryNotFound: { field: true, message: 'A featured category does not exist' },
  featuredProductNotFound: { field: true, message: 'A featured product does not exist' },
} as const satisfies Record<string, Failure>;

/** What the API says on success (no failure, so no code). */
const notices = {
  resetCodeSent: 'Reset code sent to email',
  productAddedToCart: 'Product added successfully to your cart',
  wishlistAdded: 'Product added successfully to your wishlist.',
  wishlistRemoved: 'Product removed successfully from your wishlist.',
  addressAdded: 'Address added successfully.',
  addressUpdated: 'Address updated successfully.',
  addressRemoved: 'Address removed successfully.',
} as const;

type Failures = typeof apiFailures;
export type ApiFailureKey = keyof Failures;

/** `couponInvalid` → `COUPON_INVALID`. */
type ScreamingSnake<S extends string, Done extends string = ''> = S extends `${infer C}${infer Rest}`
  ? ScreamingSnake<Rest, `${Done}${C extends Lowercase<C> ? Uppercase<C> : `_${C}`}`>
  : Done;

export type ApiErrorCode = ScreamingSnake<ApiFailureKey>;

export const codeOf = <K extends ApiFailureKey>(key: K) =>
  key.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase() as ScreamingSnake<K>;

/**
 * The API's messages by key: the failures' and the notices'. Clients compare them byte for byte
 * (the original client compares `E-mail already in use`, `Invalid email formate`, `accept only
 * egypt phone numbers` and `reset code not verified`).
 */
export const apiMessages = {
  ...(Object.fromEntries(Object.entries(apiFailures).map(([key, failure]) => [key, failure.message])) as {
    readonly [K in ApiFailureKey]: Failures[K]['message'];
  }),
  ...notices,
};
