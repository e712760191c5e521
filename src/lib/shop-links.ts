/**
 * Every outbound link to the online shop (spec sections 2 and 7), built from the shop's base URL
 * (`SHOP_BASE_URL`, read on the server and handed down as a prop). One module, so a change of the shop's
 * paths is made here only.
 */

/** Links of the shop, by meaning. */
export type ShopLinks = ReturnType<typeof shopLinks>;

/** The shop's links under a base URL such as https://boutique.example.fr (a trailing slash is ignored). */
export function shopLinks(baseUrl: string) {
  const base = baseUrl.replace(/\/+$/, '');
  const at = (path: string) => `${base}${path}`;
  return {
    home: at('/'),
    offersOfTheMoment: at('/offres-du-moment.html'),
    freeTrials: at('/essais-gratuits.html'),
    whitePapers: at('/livres-blancs.html'),
    webinarReplays: at('/replays-webinars.html'),
    specialResources: at('/ressources-speciales.html'),
    mementos: at('/documentation/mementos.html'),
    books: at('/documentation/ouvrages.html'),
    reviews: at('/documentation/revues.html'),
    digitalSolutions: at('/solutions-numeriques.html'),
    training: at('/services/formations.html'),
    communication: at('/services/communication.html'),
    websites: at('/services/sites-internet.html'),
    cart: at('/checkout/cart/'),
    checkout: at('/checkout/'),
    account: at('/customer/account/'),
    login: at('/customer/account/login/'),
    forgotPassword: at('/customer/account/forgotpassword/'),
    contact: at('/contact/'),
    terms: at('/cgu.html'),
    salesConditions: at('/cgv.html'),
    legalNotices: at('/mentions-legales.html'),
    /** A product page of the shop, by its path relative to the shop (as stored with the product). */
    product: (path: string) => at(path.startsWith('/') ? path : `/${path}`),
    /** The shop's catalogue search for a text. */
    catalogSearch: (text: string) => `${at('/catalogsearch/result/')}?${new URLSearchParams({ q: text })}`,
    /** The free-trial page of one product (by its shop sku). */
    freeTrial: (sku: string) => `${at('/essai-gratuit.html')}?${new URLSearchParams({ sku })}`,
    /** Opens a subscriber document in the subscriber product, through the shop's conversion page. */
    subscriberDocument: (documentId: string) =>
      `${at('/abonnes/document/')}?${new URLSearchParams({ id: documentId })}`,
  };
}

/** The cookie in which the shop keeps the number of items in the cart (read in the browser for the header). */
export const CART_COUNT_COOKIE = 'eshop_cart_count';
