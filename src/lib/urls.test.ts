import { describe, expect, it } from 'vitest';
import {
  archivePath,
  archivePathForDate,
  articlePath,
  loginPagePath,
  parseArticleParam,
  resolveInternalLink,
  sameSiteBackPath,
  sameSitePath,
  topicPath,
} from './urls';

describe('articlePath', () => {
  it('puts news and default types under /actualite', () => {
    expect(articlePath({ id: 'A123', type: 'actualite', slug: 'taux-tva' })).toBe('/actualite/taux-tva_A123');
    expect(articlePath({ id: 'P9', type: 'podcast', slug: 'episode' })).toBe('/actualite/episode_P9');
    expect(articlePath({ id: 'G1', type: 'agenda', slug: 'echeance' })).toBe('/actualite/echeance_G1');
  });

  it('puts simulators under /simulateurs', () => {
    expect(articlePath({ id: 'S1', type: 'simulateur', slug: 'ik' })).toBe('/simulateurs/ik_S1');
  });

  it('puts figures and rates under /chiffres-taux', () => {
    expect(articlePath({ id: 'R1', type: 'chiffres-taux', slug: 'smic' })).toBe('/chiffres-taux/smic_R1');
  });

  it('uses the enriched news id in the path and the article id in the hash', () => {
    expect(articlePath({ id: 'A123', type: 'actualite', slug: 'reforme', enrichedNewsId: 'E77' })).toBe(
      '/actualite/reforme_E77#A123',
    );
    expect(articlePath({ id: 'A123', type: 'actualite', slug: 'reforme', enrichedNewsId: null })).toBe(
      '/actualite/reforme_A123',
    );
  });

  it('replaces an empty slug by the flash link slug', () => {
    expect(articlePath({ id: 'A1', type: 'actualite', slug: '' })).toBe('/actualite/actu_A1');
  });
});

describe('resolveInternalLink', () => {
  it('resolves flash:id links', () => {
    expect(resolveInternalLink('flash:id:12345')).toBe('/actualite/actu_12345');
    expect(resolveInternalLink('flash:id:ab-12')).toBe('/actualite/actu_ab-12');
  });

  it('keeps other links and malformed flash links', () => {
    expect(resolveInternalLink('https://example.org/page')).toBe('https://example.org/page');
    expect(resolveInternalLink('/archives/2024/03')).toBe('/archives/2024/03');
    expect(resolveInternalLink('flash:id:')).toBe('flash:id:');
    expect(resolveInternalLink('flash:id:1/../x')).toBe('flash:id:1/../x');
  });
});

describe('parseArticleParam', () => {
  it('splits a slug and an id', () => {
    expect(parseArticleParam('taux-tva-2025_A123')).toEqual({ slug: 'taux-tva-2025', id: 'A123' });
    expect(parseArticleParam('actu_12-ab')).toEqual({ slug: 'actu', id: '12-ab' });
  });

  it('rejects other shapes', () => {
    for (const param of ['taux-tva', '_A1', 'slug_', 'a_b_c', 'taux tva_A1', 'taux_A1.html', 'tâux_A1', '']) {
      expect(parseArticleParam(param)).toBeNull();
    }
  });
});

describe('archivePath', () => {
  it('builds /archives/{year}/{month} with a two-digit month', () => {
    expect(archivePath(2024, 3)).toBe('/archives/2024/03');
    expect(archivePath(2024, 11)).toBe('/archives/2024/11');
  });

  it('adds the page beyond the first', () => {
    expect(archivePath(2024, 3, 1)).toBe('/archives/2024/03');
    expect(archivePath(2024, 3, 4)).toBe('/archives/2024/03/4');
  });

  it('follows the publication date in Paris time', () => {
    expect(archivePathForDate('2024-03-15T10:00:00Z')).toBe('/archives/2024/03');
    // 23:30 UTC on March 31 is already April 1 in Paris.
    expect(archivePathForDate(new Date('2024-03-31T23:30:00Z'))).toBe('/archives/2024/04');
  });
});

describe('topicPath', () => {
  it('builds section, topic and thematics paths', () => {
    expect(topicPath('news')).toBe('/actualite');
    expect(topicPath('news', 'fiscal')).toBe('/actualite/fiscal');
    expect(topicPath('news', 'fiscal', ['tva', 'is'])).toBe('/actualite/fiscal/tva_is');
    expect(topicPath('simulators', 'social', ['paie'])).toBe('/simulateurs/social/paie');
    expect(topicPath('rates', 'patrimoine')).toBe('/chiffres-taux/patrimoine');
    expect(topicPath('agenda', 'fiscal')).toBe('/agenda/fiscal');
  });

  it('ignores thematics without a topic', () => {
    expect(topicPath('news', undefined, ['tva'])).toBe('/actualite');
  });
});

describe('sameSiteBackPath', () => {
  const host = 'www.example.fr';

  it('keeps the path and query of a page of this site', () => {
    expect(sameSiteBackPath('https://www.example.fr/actualite/fiscal?page=2#x', host)).toBe(
      '/actualite/fiscal?page=2',
    );
  });

  it('sends to the home page for another host, another scheme, no referer or a broken one', () => {
    expect(sameSiteBackPath('https://evil.example/actualite', host)).toBe('/');
    expect(sameSiteBackPath('javascript:alert(1)', host)).toBe('/');
    expect(sameSiteBackPath(null, host)).toBe('/');
    expect(sameSiteBackPath('https://www.example.fr/', null)).toBe('/');
    expect(sameSiteBackPath('::not a url', host)).toBe('/');
  });

  it('never answers a path a browser reads as another host (forged Referer)', () => {
    for (const forged of [
      'https://www.example.fr//evil.example/x',
      'https://www.example.fr/\\evil.example/x',
      'https://www.example.fr/\\/evil.example',
      'https://www.example.fr///evil.example',
    ]) {
      const back = sameSiteBackPath(forged, host);
      expect(new URL(back, `https://${host}`).host).toBe(host);
      expect(back.startsWith('//')).toBe(false);
    }
  });
});

describe('sameSitePath', () => {
  it('keeps a path of this site with its query', () => {
    expect(sameSitePath('/actualite/fiscal?page=2')).toBe('/actualite/fiscal?page=2');
    expect(sameSitePath('/')).toBe('/');
  });

  it('refuses anything a browser reads as another host or not a path', () => {
    for (const forged of [
      '//evil.example/x',
      '/\\evil.example',
      '/\\/evil.example',
      'https://evil.example/',
      '',
      'x',
    ]) {
      expect(sameSitePath(forged)).toBe('/');
    }
  });
});

describe('loginPagePath', () => {
  it('names the page to go back to, except the home page', () => {
    expect(loginPagePath('/actualite/fiscal?page=2')).toBe(
      '/connexion?retour=%2Factualite%2Ffiscal%3Fpage%3D2',
    );
    expect(loginPagePath('/')).toBe('/connexion');
  });

  it('names a refusal by its code, and its message by its anchor', () => {
    const refused = { code: 'invalid_credentials', anchor: 'connexion-invalid_credentials' };
    expect(loginPagePath('/agenda', refused)).toBe(
      '/connexion?retour=%2Fagenda&erreur=invalid_credentials#connexion-invalid_credentials',
    );
    expect(loginPagePath('/', refused)).toBe(
      '/connexion?erreur=invalid_credentials#connexion-invalid_credentials',
    );
  });
});
