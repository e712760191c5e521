'use client';

import { type ChangeEvent, type ReactNode, useCallback, useState } from 'react';
import { getHomeBlocks, putHomeBlock } from '@/client/newsroom/home-blocks';
import { IMAGE_CONTENT_TYPES } from '@/lib/contracts/admin';
import type { HomeBlock, HomeBlocksAnswer } from '@/lib/contracts/home-blocks';
import { TRADE_OPTIONS } from '@/lib/navigation';
import { MoveButtons } from '../buttons';
import { move } from '../editor/draft';
import { UploadField } from '../editor/media-fields';
import { InputField, ParisDateTimeField, TextAreaField } from '../fields';
import { usePageMessages } from '../form-errors';
import { Loading, PageMessages } from '../messages';
import styles from '../newsroom.module.css';
import { useStaff } from '../staff-shell';
import { useLoad } from '../use-load';

type Banner = HomeBlocksAnswer['banners'][number];
type Solution = HomeBlocksAnswer['solutions'][number];
type WhitePaper = HomeBlocksAnswer['whitePapers'][number];
type OfferCategory = HomeBlocksAnswer['offerCategories'][number];
type Image = Banner['desktop'];

const TRADES = TRADE_OPTIONS.filter((option) => option.slug);

/** The names of an item's text properties. */
type TextKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

/** The value of a text field and its change, bound to the `key` of an item. */
type TextBinding<T> = (key: TextKey<T>) => {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
};

/**
 * What an item's fields are drawn with: `update` changes the item, `text` binds a text field to one of its
 * properties, `set` gives the change of one property.
 */
type ItemBinding<T> = {
  update: (changes: Partial<T>) => void;
  text: TextBinding<T>;
  set: <K extends keyof T>(key: K) => (value: T[K]) => void;
};

/** A banner's two images, one for each screen width. */
const BANNER_IMAGES = [
  { key: 'desktop', label: 'Image pour ordinateur' },
  { key: 'mobile', label: 'Image pour mobile' },
] as const;

/** When a banner shows: from, until (either may be left empty). */
const BANNER_PERIOD = [
  { key: 'startsAt', label: 'Afficher à partir du (heure de Paris)' },
  { key: 'endsAt', label: 'Afficher jusqu’au (heure de Paris)' },
] as const;

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
  /** Draws an item's fields. */
  children: (item: T, binding: ItemBinding<T>) => ReactNode;
  readOnly: boolean;
}) {
  return (
    <>
      {items.length === 0 ? <p>Aucun élément : le bloc n’est pas affiché.</p> : null}
      {items.map((item, index) => {
        const update = (changes: Partial<T>) =>
          onChange((current) => current.map((at, i) => (i === index ? { ...at, ...changes } : at)));
        const text: TextBinding<T> = (key) => ({
          value: item[key] as string,
          onChange: (event) => update({ [key]: event.target.value } as Partial<T>),
        });
        const set =
          <K extends keyof T>(key: K) =>
          (value: T[K]) => {
            const changes: Partial<T> = {};
            changes[key] = value;
            update(changes);
          };
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the items are edited in place and have no other identity.
          <fieldset key={index} className={styles.fieldset} disabled={readOnly}>
            <legend>
              {noun} {index + 1}
            </legend>
            {children(item, { update, text, set })}
            <div className={styles.actions}>
              <MoveButtons
                index={index}
                count={items.length}
                context={`${noun.toLowerCase()} ${index + 1}`}
                onMove={(offset) => onChange((current) => move(current, index, offset))}
              />
              <button
                type="button"
                className={styles.dangerButton}
                onClick={() => onChange((current) => current.filter((_, at) => at !== index))}
              >
                Retirer<span className="visually-hidden"> {`${noun.toLowerCase()} ${index + 1}`}</span>
              </button>
            </div>
          </fieldset>
        );
      })}
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
  return (
    <div className={styles.imageRow}>
      {image.url ? (
        // biome-ignore lint/performance/noImgElement: a thumbnail of an uploaded file in a work screen.
        <img src={image.url} alt="" className={styles.thumbnail} />
      ) : null}
      <UploadField
        label={`${label} ${image.url ? (image.width ? `(${image.width} × ${image.height} px)` : '') : '(aucune)'}`}
        accept={IMAGE_CONTENT_TYPES}
        onUploaded={(media) => {
          if (media.width && media.height)
            onChange({ url: media.url, width: media.width, height: media.height });
        }}
      />
    </div>
  );
}

const TITLES: Record<HomeBlock, string> = {
  banners: 'Bannières',
  'offer-categories': 'Les offres du moment : catégories de la boutique',
  solutions: 'Nos solutions',
  'white-papers': 'Livres blancs',
};

/** /redaction/accueil: the home page's banners, offer categories, solutions and white papers. */
export function HomeBlocksPage() {
  const { can } = useStaff();
  const readOnly = !can('home.edit');
  const [blocks, setBlocks] = useState<HomeBlocksAnswer | null>(null);
  const { error, details, notice, setError, run } = usePageMessages();

  useLoad(
    useCallback((signal) => getHomeBlocks(signal).then(setBlocks), []),
    setError,
  );

  if (!blocks) {
    return (
      <>
        <h1 className={styles.pageTitle}>Page d’accueil</h1>
        <PageMessages error={error} notice={null} />
        {error ? null : <Loading />}
      </>
    );
  }

  const save = (block: HomeBlock, items: unknown[]) =>
    run(async () => {
      setBlocks(await putHomeBlock(block, items));
      return `${TITLES[block]} : enregistré. Le site affiche les changements dans quelques secondes.`;
    }, TITLES[block]);
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
  // An item list shows and changes the same block: its items and their change come from one key.
  const list = <Key extends keyof HomeBlocksAnswer>(key: Key) => ({
    items: blocks[key],
    onChange: set(key),
    readOnly,
  });

  return (
    <>
      <h1 className={styles.pageTitle}>Page d’accueil</h1>
      <PageMessages error={error} notice={notice} details={details} />
      {section(
        'banners',
        blocks.banners,
        <ItemList<Banner>
          noun="Bannière"
          {...list('banners')}
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
          {(banner, { text, set }) => (
            <>
              {BANNER_IMAGES.map(({ key, label }) => (
                <ImageField key={key} label={label} image={banner[key]} onChange={set(key)} />
              ))}
              <InputField label="Texte alternatif" required {...text('alt')} />
              <InputField
                label="Adresse de destination"
                required
                hint="Chemin de la boutique (/offres/…) ou adresse complète https://…"
                {...text('onClick')}
              />
              <div className={styles.grid2}>
                {BANNER_PERIOD.map(({ key, label }) => (
                  <ParisDateTimeField key={key} label={label} value={banner[key]} onInstant={set(key)} />
                ))}
              </div>
              <label className={styles.checkbox}>
                <input
                  type="checkbox"
                  checked={banner.active}
                  onChange={(event) => set('active')(event.target.checked)}
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
            {...list('offerCategories')}
            blank={() => ({ category: '', label: '' })}
          >
            {(_category, { text }) => (
              <div className={styles.grid2}>
                <InputField label="Identifiant de la catégorie (boutique)" required {...text('category')} />
                <InputField label="Libellé" required {...text('label')} />
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
          {...list('solutions')}
          blank={() => ({ title: '', text: '', link: '', color: '#1f4e79', trades: [] })}
        >
          {(solution, { update, text }) => (
            <>
              <InputField label="Titre" required {...text('title')} />
              <TextAreaField label="Texte" required rows={3} {...text('text')} />
              <div className={styles.grid2}>
                <InputField label="Lien" required {...text('link')} />
                <InputField label="Couleur" type="color" {...text('color')} />
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
          {...list('whitePapers')}
          blank={() => ({ title: '', imgUrl: '', pageUrl: '' })}
        >
          {(paper, { update, text }) => (
            <>
              <InputField label="Titre" required {...text('title')} />
              <ImageField
                label="Couverture"
                image={{ url: paper.imgUrl, width: 0, height: 0 }}
                onChange={(image) => update({ imgUrl: image.url })}
              />
              <InputField label="Page du livre blanc (boutique)" required {...text('pageUrl')} />
            </>
          )}
        </ItemList>,
      )}
    </>
  );
}
