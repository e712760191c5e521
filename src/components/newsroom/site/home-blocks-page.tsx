'use client';

import { type ReactNode, useEffect, useId, useState } from 'react';
import { AdminApiError, errorMessage } from '@/client/admin';
import { getHomeBlocks, putHomeBlock } from '@/client/site-newsroom';
import { IMAGE_CONTENT_TYPES } from '@/lib/contracts/admin';
import type { HomeBlock, HomeBlocksAnswer } from '@/lib/contracts/home-blocks';
import { TRADE_OPTIONS } from '@/lib/navigation';
import { move } from '../editor/draft';
import { useUpload } from '../editor/media-fields';
import { InputField, TextAreaField } from '../fields';
import { fromParisInput, toParisInput } from '../format';
import styles from '../newsroom.module.css';
import { useStaff } from '../staff-shell';
import { Messages } from './site-admin-pages';

type Banner = HomeBlocksAnswer['banners'][number];
type Solution = HomeBlocksAnswer['solutions'][number];
type WhitePaper = HomeBlocksAnswer['whitePapers'][number];
type OfferCategory = HomeBlocksAnswer['offerCategories'][number];
type Image = Banner['desktop'];

const TRADES = TRADE_OPTIONS.filter((option) => option.slug);

/** An ordered list of a block's items: each in its own fieldset, moved, removed and added by buttons. */
function ItemList<T>({
  noun,
  items,
  onChange,
  blank,
  children,
  readOnly,
}: {
  noun: string;
  items: T[];
  /** Takes an update of the current list (uploads finish late: never an old copy of the list). */
  onChange: (update: (items: T[]) => T[]) => void;
  blank: () => T;
  children: (item: T, update: (changes: Partial<T>) => void, index: number) => ReactNode;
  readOnly: boolean;
}) {
  return (
    <>
      {items.length === 0 ? <p>Aucun élément : le bloc n’est pas affiché.</p> : null}
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the items are edited in place and have no other identity.
        <fieldset key={index} className={styles.fieldset} disabled={readOnly}>
          <legend>
            {noun} {index + 1}
          </legend>
          {children(
            item,
            (changes) =>
              onChange((current) => current.map((at, i) => (i === index ? { ...at, ...changes } : at))),
            index,
          )}
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.secondaryButton}
              disabled={index === 0}
              onClick={() => onChange((current) => move(current, index, -1))}
            >
              Monter<span className="visually-hidden"> {`${noun.toLowerCase()} ${index + 1}`}</span>
            </button>
            <button
              type="button"
              className={styles.secondaryButton}
              disabled={index === items.length - 1}
              onClick={() => onChange((current) => move(current, index, 1))}
            >
              Descendre<span className="visually-hidden"> {`${noun.toLowerCase()} ${index + 1}`}</span>
            </button>
            <button
              type="button"
              className={styles.dangerButton}
              onClick={() => onChange((current) => current.filter((_, at) => at !== index))}
            >
              Retirer<span className="visually-hidden"> {`${noun.toLowerCase()} ${index + 1}`}</span>
            </button>
          </div>
        </fieldset>
      ))}
      {readOnly ? null : (
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.secondaryButton}
            onClick={() => onChange((current) => [...current, blank()])}
          >
            Ajouter : {noun.toLowerCase()}
          </button>
        </div>
      )}
    </>
  );
}

/** A banner's image: its thumbnail and size, replaced by an upload to the media library. */
function ImageField({
  label,
  image,
  onChange,
}: {
  label: string;
  image: Image;
  onChange: (image: Image) => void;
}) {
  const inputId = useId();
  const { busy, error, upload } = useUpload(IMAGE_CONTENT_TYPES);
  return (
    <div className={styles.imageRow}>
      {image.url ? (
        // biome-ignore lint/performance/noImgElement: a thumbnail of an uploaded file in a work screen.
        <img src={image.url} alt="" className={styles.thumbnail} />
      ) : null}
      <div className={styles.field}>
        <label htmlFor={inputId} className={styles.label}>
          {label} {image.url ? (image.width ? `(${image.width} × ${image.height} px)` : '') : '(aucune)'}
        </label>
        <input
          id={inputId}
          type="file"
          accept={IMAGE_CONTENT_TYPES.join(',')}
          disabled={busy}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={async (event) => {
            const media = await upload(event);
            if (media?.width && media.height)
              onChange({ url: media.url, width: media.width, height: media.height });
          }}
        />
        {error ? (
          <p id={`${inputId}-error`} className={styles.error}>
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

const TITLES: Record<HomeBlock, string> = {
  banners: 'Bannières',
  'offer-categories': 'Les offres du moment : catégories de la boutique',
  solutions: 'Nos solutions',
  'white-papers': 'Livres blancs',
};

/** /redaction/accueil: the home page's banners, offer categories, solutions and white papers (issue 18 item 2). */
export function HomeBlocksPage() {
  const { can } = useStaff();
  const readOnly = !can('home.edit');
  const [blocks, setBlocks] = useState<HomeBlocksAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [details, setDetails] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getHomeBlocks(controller.signal)
      .then(setBlocks)
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(failure));
      });
    return () => controller.abort();
  }, []);

  if (!blocks) {
    return (
      <>
        <h1 className={styles.pageTitle}>Page d’accueil</h1>
        <Messages error={error} notice={null} />
        {error ? null : (
          <p className="loading" role="status">
            Chargement...
          </p>
        )}
      </>
    );
  }

  const save = async (block: HomeBlock, items: unknown[]) => {
    setError(null);
    setDetails([]);
    setNotice(null);
    try {
      setBlocks(await putHomeBlock(block, items));
      setNotice(`${TITLES[block]} : enregistré. Le site affiche les changements dans quelques secondes.`);
    } catch (failure) {
      setError(`${TITLES[block]} : ${errorMessage(failure)}`);
      setDetails(
        failure instanceof AdminApiError
          ? failure.details.map((detail) => `${detail.field} : ${detail.message}`)
          : [],
      );
    }
  };
  const section = (block: HomeBlock, items: unknown[], list: ReactNode) => (
    <section className={styles.panel} aria-labelledby={`bloc-${block}`}>
      <h2 id={`bloc-${block}`}>{TITLES[block]}</h2>
      {list}
      {readOnly ? null : (
        <div className={styles.actions}>
          <button type="button" className={styles.primaryButton} onClick={() => save(block, items)}>
            Enregistrer<span className="visually-hidden"> : {TITLES[block]}</span>
          </button>
        </div>
      )}
    </section>
  );
  const set =
    <Key extends keyof HomeBlocksAnswer>(key: Key) =>
    (update: (items: HomeBlocksAnswer[Key]) => HomeBlocksAnswer[Key]) =>
      setBlocks((current) => (current ? { ...current, [key]: update(current[key]) } : current));

  return (
    <>
      <h1 className={styles.pageTitle}>Page d’accueil</h1>
      <Messages error={error} notice={notice} details={details} />
      {section(
        'banners',
        blocks.banners,
        <ItemList<Banner>
          noun="Bannière"
          items={blocks.banners}
          onChange={set('banners')}
          readOnly={readOnly}
          blank={() => ({
            id: `banniere-${Date.now().toString(36)}`,
            alt: '',
            onClick: '',
            desktop: { url: '', width: 0, height: 0 },
            mobile: { url: '', width: 0, height: 0 },
            active: true,
            startsAt: null,
            endsAt: null,
          })}
        >
          {(banner, update) => (
            <>
              <ImageField
                label="Image pour ordinateur"
                image={banner.desktop}
                onChange={(desktop) => update({ desktop })}
              />
              <ImageField
                label="Image pour mobile"
                image={banner.mobile}
                onChange={(mobile) => update({ mobile })}
              />
              <InputField
                label="Texte alternatif"
                required
                value={banner.alt}
                onChange={(event) => update({ alt: event.target.value })}
              />
              <InputField
                label="Adresse de destination"
                required
                hint="Chemin de la boutique (/offres/…) ou adresse complète https://…"
                value={banner.onClick}
                onChange={(event) => update({ onClick: event.target.value })}
              />
              <div className={styles.grid2}>
                <InputField
                  label="Afficher à partir du (heure de Paris)"
                  type="datetime-local"
                  value={banner.startsAt ? toParisInput(banner.startsAt) : ''}
                  onChange={(event) => update({ startsAt: fromParisInput(event.target.value) })}
                />
                <InputField
                  label="Afficher jusqu’au (heure de Paris)"
                  type="datetime-local"
                  value={banner.endsAt ? toParisInput(banner.endsAt) : ''}
                  onChange={(event) => update({ endsAt: fromParisInput(event.target.value) })}
                />
              </div>
              <label className={styles.checkbox}>
                <input
                  type="checkbox"
                  checked={banner.active}
                  onChange={(event) => update({ active: event.target.checked })}
                />
                Affichée
              </label>
            </>
          )}
        </ItemList>,
      )}
      {section(
        'offer-categories',
        blocks.offerCategories,
        <>
          <p className={styles.hint}>
            Sans catégorie choisie, le carrousel montre la catégorie 11 de la boutique.
          </p>
          <ItemList<OfferCategory>
            noun="Catégorie"
            items={blocks.offerCategories}
            onChange={set('offerCategories')}
            readOnly={readOnly}
            blank={() => ({ category: '', label: '' })}
          >
            {(category, update) => (
              <div className={styles.grid2}>
                <InputField
                  label="Identifiant de la catégorie (boutique)"
                  required
                  value={category.category}
                  onChange={(event) => update({ category: event.target.value })}
                />
                <InputField
                  label="Libellé"
                  required
                  value={category.label}
                  onChange={(event) => update({ label: event.target.value })}
                />
              </div>
            )}
          </ItemList>
        </>,
      )}
      {section(
        'solutions',
        blocks.solutions,
        <ItemList<Solution>
          noun="Solution"
          items={blocks.solutions}
          onChange={set('solutions')}
          readOnly={readOnly}
          blank={() => ({ title: '', text: '', link: '', color: '#1f4e79', trades: [] })}
        >
          {(solution, update) => (
            <>
              <InputField
                label="Titre"
                required
                value={solution.title}
                onChange={(event) => update({ title: event.target.value })}
              />
              <TextAreaField
                label="Texte"
                required
                rows={3}
                value={solution.text}
                onChange={(event) => update({ text: event.target.value })}
              />
              <div className={styles.grid2}>
                <InputField
                  label="Lien"
                  required
                  value={solution.link}
                  onChange={(event) => update({ link: event.target.value })}
                />
                <InputField
                  label="Couleur"
                  type="color"
                  value={solution.color}
                  onChange={(event) => update({ color: event.target.value })}
                />
              </div>
              <fieldset className={styles.fieldset}>
                <legend>Métiers (aucun : tous)</legend>
                {TRADES.map((trade) => (
                  <label key={trade.slug} className={styles.checkbox}>
                    <input
                      type="checkbox"
                      checked={solution.trades.includes(trade.slug)}
                      onChange={(event) =>
                        update({
                          trades: event.target.checked
                            ? [...solution.trades, trade.slug]
                            : solution.trades.filter((slug) => slug !== trade.slug),
                        })
                      }
                    />
                    {trade.label}
                  </label>
                ))}
              </fieldset>
            </>
          )}
        </ItemList>,
      )}
      {section(
        'white-papers',
        blocks.whitePapers,
        <ItemList<WhitePaper>
          noun="Livre blanc"
          items={blocks.whitePapers}
          onChange={set('whitePapers')}
          readOnly={readOnly}
          blank={() => ({ title: '', imgUrl: '', pageUrl: '' })}
        >
          {(paper, update) => (
            <>
              <InputField
                label="Titre"
                required
                value={paper.title}
                onChange={(event) => update({ title: event.target.value })}
              />
              <ImageField
                label="Couverture"
                image={{ url: paper.imgUrl, width: 0, height: 0 }}
                onChange={(image) => update({ imgUrl: image.url })}
              />
              <InputField
                label="Page du livre blanc (boutique)"
                required
                value={paper.pageUrl}
                onChange={(event) => update({ pageUrl: event.target.value })}
              />
            </>
          )}
        </ItemList>,
      )}
    </>
  );
}
