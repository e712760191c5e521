import { describe, expect, it, vi } from 'vitest';
import { SIMULATOR_TOPICS } from '@/lib/constants';
import { menuSimulatorTopics, withSiteMenuTags } from './site-menu';

const inUse = vi.hoisted(() => ({ read: vi.fn<() => Promise<string[]>>() }));
vi.mock('../db/client', () => ({ getDb: async () => ({}) }));
vi.mock('../simulators/section-listing', () => ({ simulatorTopicsInUse: () => inUse.read() }));

describe('the header’s simulator families', () => {
  it('are those in use, and a page records the tags of the families its menu hides', async () => {
    inUse.read.mockResolvedValue(['fiscal', 'social', 'finance']);
    expect(await menuSimulatorTopics()).toEqual(['fiscal', 'social', 'finance']);
    expect(await withSiteMenuTags(['article:F1'])).toEqual(['article:F1', 'simulators:affaires']);
  });

  it('are every family when the database cannot be read: the page still renders', async () => {
    inUse.read.mockRejectedValue(new Error('base injoignable'));
    expect(await menuSimulatorTopics()).toEqual(SIMULATOR_TOPICS);
    expect(await withSiteMenuTags(['page:cgu'])).toEqual(['page:cgu']);
  });
});
