/** A crumb of the breadcrumb: a crumb without a path is plain text (the current page). */
export type Crumb = { name: string; path?: string | undefined };

/** A BreadcrumbList: Accueil, section, topic, … (the last item may have no link); `siteUrl` makes links absolute. */
export function breadcrumbJsonLd(siteUrl: string, crumbs: readonly Crumb[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      ...(crumb.path ? { item: new URL(crumb.path, siteUrl).toString() } : {}),
    })),
  };
}
