/** The tab the login and registration modal opens on. */
export type AuthTab = 'login' | 'register';
