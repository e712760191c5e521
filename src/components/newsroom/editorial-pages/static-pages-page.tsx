'use client';

import Link from 'next/link';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import {
  getStaticPage,
  getStaticPageRevision,
  listStaticPageRevisions,
  listStaticPages,
  previewStaticPage,
  putStaticPage,
  restoreStaticPageRevision,
} from '@/client/newsroom/editorial-pages';
import { StaticPage } from '@/components/static/static-page';
import type { RevisionSummary } from '@/lib/contracts/admin';
import type {
  AdminStaticPage,
  StaticPageFields,
  StaticPageSlug,
  StaticPageView,
} from '@/lib/contracts/static-pages';
import { RowButton } from '../buttons';
import { BodyEditor } from '../editor/body-editor';
import { InputField, TextAreaField } from '../fields';
import { usePageMessages } from '../form-errors';
import { formatDateTime } from '../format';
import { DataTable } from '../list-parts';
import { Loading, PageMessages } from '../messages';
import styles from '../newsroom.module.css';
import { REVISION_COLUMNS, RestoreButton, RevisionCells } from '../revisions-page';
import { SITE_PATHS, staticPageEditPath } from '../site-paths';
import { useStaff } from '../staff-shell';
import { useLoad } from '../use-load';

type Summary = Omit<AdminStaticPage, 'lead' | 'bodyHtml'>;

/** /redaction/pages: the site's editorial pages with their last change. */
export function StaticPagesList() {
  const [pages, setPages] = useState<Summary[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useLoad(
    useCallback((signal) => listStaticPages(signal).then((answer) => setPages(answer.items)), []),
    setError,
  );

  return (
    <>
      <h1 className={styles.pageTitle}>Pages</h1>
      <p>
        Conditions générales, mentions légales, présentation et confidentialité : chaque enregistrement est
        publié aussitôt et conservé dans l’historique de la page.
      </p>
      <PageMessages error={error} notice={null} />
      {pages ? (
        <DataTable
          caption="Pages du site et leur dernière modification"
          columns={['Page', 'Adresse', 'Dernière modification', 'Par']}
        >
          {pages.map((page) => (
            <tr key={page.slug}>
              <th scope="row">
                <Link href={staticPageEditPath(page.slug)}>{page.title}</Link>
              </th>
              <td>{page.path}</td>
              <td>{page.updatedAt ? formatDateTime(page.updatedAt) : 'Texte d’origine'}</td>
              <td>{page.updatedBy?.name ?? (page.version > 0 ? 'Système' : '–')}</td>
            </tr>
          ))}
        </DataTable>
      ) : error ? null : (
        <Loading />
      )}
    </>
  );
}

type Form = { title: string; lead: string; bodyHtml: string; updatedOn: string };

const formOf = (page: Pick<AdminStaticPage, 'title' | 'lead' | 'bodyHtml' | 'updatedOn'>): Form => ({
  title: page.title,
  lead: page.lead,
  bodyHtml: page.bodyHtml,
  updatedOn: page.updatedOn ?? '',
});

const fieldsOf = (form: Form): StaticPageFields => ({
  title: form.title,
  lead: form.lead,
  bodyHtml: form.bodyHtml,
  updatedOn: form.updatedOn || null,
});

const FIELD_NAMES: Record<string, string> = {
  title: 'Titre',
  lead: 'Chapô',
  bodyHtml: 'Texte',
  updatedOn: 'Date de mise à jour',
  version: 'Version',
};

/**
 * /redaction/pages/{slug}: one editorial page's title, lead, body and "mise à jour le" date, a preview of the
 * page as readers will see it before it is saved, saving (published at once), and its revisions with restore.
 */
export function StaticPageEditor({ slug }: { slug: StaticPageSlug }) {
  const { can } = useStaff();
  const readOnly = !can('page.edit');
  const [page, setPage] = useState<AdminStaticPage | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [revisions, setRevisions] = useState<RevisionSummary[]>([]);
  const [preview, setPreview] = useState<{ label: string; view: StaticPageView } | null>(null);
  const { error, details, notice, setError, fail, clear, run } = usePageMessages(
    (field) => FIELD_NAMES[field] ?? field,
  );
  const [busy, setBusy] = useState(false);
  const previewHeading = useRef<HTMLHeadingElement>(null);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      const [found, history] = await Promise.all([
        getStaticPage(slug, signal),
        listStaticPageRevisions(slug, signal),
      ]);
      setPage(found);
      setForm(formOf(found));
      setRevisions(history.items);
    },
    [slug],
  );

  useLoad(load, setError);

  useEffect(() => {
    if (preview) previewHeading.current?.focus();
  }, [preview]);

  /** Runs an action of the page's buttons, which are disabled meanwhile. */
  const busyWith = async (action: () => Promise<string>) => {
    setBusy(true);
    try {
      await run(action);
    } finally {
      setBusy(false);
    }
  };

  if (!page || !form) {
    return (
      <>
        <h1 className={styles.pageTitle}>Page</h1>
        <PageMessages error={error} notice={null} />
        {error ? null : <Loading />}
      </>
    );
  }

  const update = (changes: Partial<Form>) =>
    setForm((current) => (current ? { ...current, ...changes } : current));

  const showPreview = async (label: string, fields: StaticPageFields) => {
    clear();
    setBusy(true);
    try {
      setPreview({ label, view: await previewStaticPage(slug, fields) });
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  };

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void busyWith(async () => {
      const saved = await putStaticPage(slug, { ...fieldsOf(form), version: page.version });
      setPreview(null);
      await load();
      return `Page enregistrée (version ${saved.version}) : les lecteurs la voient dès maintenant.`;
    });
  };

  const restore = async (number: number) => {
    if (!window.confirm(`Restaurer la version ${number} ? Elle sera publiée comme une nouvelle version.`))
      return;
    await busyWith(async () => {
      const restored = await restoreStaticPageRevision(slug, number, page.version);
      setPreview(null);
      await load();
      return `Version ${number} restaurée et publiée : c’est maintenant la version ${restored.version}.`;
    });
  };

  const previewRevision = async (number: number) => {
    try {
      const revision = await getStaticPageRevision(slug, number);
      await showPreview(`version ${number}`, revision.page);
    } catch (failure) {
      fail(failure);
    }
  };

  return (
    <>
      <h1 className={styles.pageTitle}>Page : {page.title}</h1>
      <p>
        <Link href={SITE_PATHS.pages}>Toutes les pages</Link> ·{' '}
        <a href={page.path} target="_blank" rel="noopener noreferrer">
          Voir la page publiée<span className="visually-hidden"> (nouvelle fenêtre)</span>
        </a>
      </p>
      <p>
        {page.version > 0
          ? `Version ${page.version}${page.updatedAt ? `, modifiée le ${formatDateTime(page.updatedAt)}` : ''}${page.updatedBy ? ` par ${page.updatedBy.name}` : ''}.`
          : 'Texte d’origine, jamais modifié dans la rédaction.'}
      </p>
      <PageMessages error={error} notice={notice} details={details} />
      <form onSubmit={save} className={styles.panel} aria-labelledby="page-texte">
        <h2 id="page-texte">Texte de la page</h2>
        <fieldset className={styles.fieldset} disabled={readOnly}>
          <legend className="visually-hidden">Champs de la page</legend>
          <InputField
            label="Titre"
            required
            maxLength={200}
            value={form.title}
            onChange={(event) => update({ title: event.target.value })}
          />
          <TextAreaField
            label="Chapô"
            rows={3}
            maxLength={1000}
            value={form.lead}
            onChange={(event) => update({ lead: event.target.value })}
          />
          <InputField
            label="Date de mise à jour affichée"
            type="date"
            hint="« Dernière mise à jour » en bas de la page ; vide pour ne rien afficher."
            value={form.updatedOn}
            onChange={(event) => update({ updatedOn: event.target.value })}
          />
        </fieldset>
        <BodyEditor
          key={page.version}
          label="Texte"
          initialHtml={form.bodyHtml}
          onChange={(bodyHtml) => update({ bodyHtml })}
          readOnly={readOnly}
        />
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.secondaryButton}
            disabled={busy}
            onClick={() => showPreview('modifications non enregistrées', fieldsOf(form))}
          >
            Aperçu
          </button>
          {readOnly ? null : (
            <button type="submit" className={styles.primaryButton} disabled={busy}>
              Enregistrer et publier
            </button>
          )}
        </div>
      </form>

      {preview ? (
        <section className={styles.panel} aria-labelledby="page-apercu">
          <div className={styles.previewBanner}>
            <h2 id="page-apercu" ref={previewHeading} tabIndex={-1}>
              Aperçu – {preview.label}
            </h2>
            <button type="button" className={styles.linkButton} onClick={() => setPreview(null)}>
              Fermer l’aperçu
            </button>
          </div>
          {/* Shown only after the staff session loaded in the browser: the site's own address is at hand. */}
          <StaticPage page={preview.view} siteUrl={window.location.origin} />
        </section>
      ) : null}

      <section className={styles.panel} aria-labelledby="page-historique">
        <h2 id="page-historique">Historique</h2>
        {revisions.length === 0 ? (
          <p>Aucune version enregistrée : la page montre son texte d’origine.</p>
        ) : (
          <DataTable columns={REVISION_COLUMNS} actions>
            {revisions.map((revision) => (
              <tr key={revision.number}>
                <RevisionCells revision={revision} />
                <td>
                  <RowButton
                    disabled={busy}
                    onClick={() => previewRevision(revision.number)}
                    context={`de la version ${revision.number}`}
                  >
                    Aperçu
                  </RowButton>
                  {!readOnly && revision.number !== page.version ? (
                    <RestoreButton number={revision.number} onRestore={restore} disabled={busy} />
                  ) : null}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}
