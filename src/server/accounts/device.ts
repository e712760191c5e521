import 'server-only';
import Bowser from 'bowser';

/** A session's device as Mon compte names it ("Chrome sur Windows"), from the User-Agent kept at login. */
export function describeDevice(userAgent: string): string {
  if (!userAgent.trim()) return 'Appareil inconnu';
  const { browser, os, platform } = Bowser.parse(userAgent);
  const system = os.name ? `${os.name}${platform.type === 'tablet' ? ' (tablette)' : ''}` : '';
  if (browser.name && system) return `${browser.name} sur ${system}`;
  return browser.name || system || 'Appareil inconnu';
}
