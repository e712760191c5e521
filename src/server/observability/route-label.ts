/**
 * The route label of a path: the API call itself, or the page template (first segment), never the raw path, so
 * the number of series stays bounded.
 */
export function routeLabel(pathname: string): string {
  if (pathname === '/') return '/';
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] === 'api') return `/${segments.slice(0, 3).join('/')}`;
  if (segments[0] === '_next') return `/_next/${segments[1] ?? ''}`;
  return segments.length > 1 ? `/${segments[0]}/*` : `/${segments[0]}`;
}
