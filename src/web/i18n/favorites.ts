/**
 * Arabic texts of the hearts that save a product to the favourites, on every catalogue page (apart
 * from the account area's, so those pages do not load the account's words).
 */
export const favoritesText = {
  /** The heart on a product card: one name whatever its state; aria-pressed tells the state. */
  favoriteToggle: (title: string) => `حفظ «${title}» في المفضلة`,
  addToFavorites: 'أضف إلى المفضلة',
  removeFromFavorites: 'أزل من المفضلة',
  loginFirst: 'يجب تسجيل الدخول أولاً',
  loginAction: 'تسجيل الدخول',
  favoriteAdded: 'تمت إضافة المنتج إلى المفضلة',
  favoriteRemoved: 'تمت إزالة المنتج من المفضلة',
  favoriteErrors: {
    loginRequired: 'يجب تسجيل الدخول أولاً',
    customersOnly: 'المفضلة متاحة لحسابات العملاء فقط.',
    productGone: 'هذا المنتج لم يعد متاحاً.',
    tooManyRequests: 'طلبات كثيرة، حاول مرة أخرى بعد قليل.',
    failed: 'تعذّر تحديث المفضلة. حاول مرة أخرى.',
  },
} as const;

export type FavoriteProblem = keyof typeof favoritesText.favoriteErrors;
