/**
 * One card per tool: a simulator is published again each year (one article per year of taxation), the list shows
 * its newest article only. `news` is newest first.
 */
export function latestPerTool<T extends { simulator_url?: string | null }>(news: readonly T[]): T[] {
  const seen = new Set<string>();
  return news.filter((item) => {
    const tool = item.simulator_url?.split('?')[0];
    if (!tool) return true;
    if (seen.has(tool)) return false;
    seen.add(tool);
    return true;
  });
}
