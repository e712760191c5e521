/** The publisher and its daily: one place for the names the pages print. */
export const PUBLISHER_NAME = 'Éditions Portalis';
export const DAILY_NAME = 'La Quotidienne';
export const SITE_TAGLINE = 'Actualité juridique, fiscale, sociale et comptable';
