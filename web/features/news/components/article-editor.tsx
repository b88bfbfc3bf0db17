import { useState } from 'react';
import { Link } from '../../../components/link.tsx';
import {
  ARTICLE_CATEGORIES,
  ARTICLE_LIMITS,
  articleSaveSchema,
  type ArticleCategory,
  type ArticleSaveInput,
  type PublicationAction,
} from '../../../../shared/schemas/articles.ts';
import { Alert } from '../../../components/alert.tsx';
import { SelectField, TextField } from '../../../components/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { formatWib, isoToWibInput, wibInputToIso } from '../../../lib/wib.ts';
import '../../../styles/news.css';
import {
  useAdminArticle,
  useCreateArticle,
  usePreviewArticle,
  useUpdateArticle,
  type AdminArticle,
} from '../api/admin.ts';
import { ArticleView, type ArticleViewData } from './article-view.tsx';
import { CoverField, type Cover } from './cover-field.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';

/** Field name -> the id of the control to focus when it is wrong. */
const FIELD_IDS: Record<string, string> = {
  title: 'article-title',
  summary: 'article-summary',
  category: 'article-category',
  cover: 'article-cover',
  coverSmall: 'article-cover',
  body: 'article-body',
  publishAt: 'article-publish-at',
};

const hasText = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() !== '';

/** Writes a new article (`id` null) or edits one: fields, cover, body, preview and publication. */
export function ArticleEditor({
  id,
  onDone,
  onCancel,
}: {
  id: string | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const existing = useAdminArticle(id);
  if (id !== null) {
    if (existing.isPending) return <p role="status">Memuat...</p>;
    if (existing.isError)
      return (
        <>
          <Alert kind="error">{existing.error.message}</Alert>
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            Kembali ke daftar
          </button>
        </>
      );
  }
  return (
    <EditorForm
      key={id ?? 'baru'}
      article={existing.data ?? null}
      onDone={onDone}
      onCancel={onCancel}
    />
  );
}

function EditorForm({
  article,
  onDone,
  onCancel,
}: {
  article: AdminArticle | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const create = useCreateArticle();
  const update = useUpdateArticle();
  const preview = usePreviewArticle();
  const [title, setTitle] = useState(article?.title ?? '');
  const [summary, setSummary] = useState(article?.summary ?? '');
  const [category, setCategory] = useState<ArticleCategory>(
    (ARTICLE_CATEGORIES as readonly string[]).includes(article?.category ?? '')
      ? (article!.category as ArticleCategory)
      : 'Berita',
  );
  const [body, setBody] = useState(article?.body ?? '');
  const [cover, setCover] = useState<Cover>(
    article?.cover && article.coverSmall && article.coverSmallUrl
      ? { cover: article.cover, coverSmall: article.coverSmall, previewUrl: article.coverSmallUrl }
      : null,
  );
  const [publishAt, setPublishAt] = useState(
    article?.state === 'scheduled' && article.publishedAt ? isoToWibInput(article.publishedAt) : '',
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [shown, setShown] = useState<ArticleViewData | null>(null);
  const busy = create.isPending || update.isPending;
  /** A field's message goes once the field is changed. */
  const changed = (...names: string[]) =>
    setErrors((e) =>
      names.some((n) => n in e)
        ? Object.fromEntries(Object.entries(e).filter(([k]) => !names.includes(k)))
        : e,
    );
  const state = article?.state ?? null;

  const fields = () => ({
    title,
    summary,
    category,
    body,
    cover: cover?.cover ?? null,
    coverSmall: cover?.coverSmall ?? null,
  });

  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    const first = Object.keys(FIELD_IDS).find((f) => found[f]);
    if (first) document.getElementById(FIELD_IDS[first]!)?.focus();
  };

  const save = async (action: PublicationAction) => {
    setFormError(undefined);
    const input: ArticleSaveInput = {
      ...fields(),
      action,
      ...(action === 'schedule' && publishAt ? { publishAt: wibInputToIso(publishAt) } : {}),
    };
    const found: Record<string, string> = {};
    const parsed = articleSaveSchema.safeParse(input);
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    const goesPublic =
      action === 'publish' || action === 'schedule' || (action === 'keep' && state !== 'draft');
    if (goesPublic && !hasText(body)) found.body ??= 'Isi berita wajib diisi sebelum diterbitkan.';
    if (Object.keys(found).length) {
      showErrors(found);
      return;
    }
    setErrors({});
    try {
      const saved = article
        ? await update.mutateAsync({ id: article.id, input })
        : await create.mutateAsync(input);
      onDone(
        saved.state === 'scheduled'
          ? `Berita "${saved.title}" dijadwalkan terbit ${formatWib(saved.publishedAt!)}.`
          : saved.state === 'published'
            ? action === 'keep'
              ? `Perubahan pada "${saved.title}" tersimpan dan sudah tampil di situs.`
              : `Berita "${saved.title}" diterbitkan.`
            : `Draf "${saved.title}" tersimpan.`,
      );
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) {
        showErrors(err.fields);
        if (!Object.keys(err.fields).some((f) => f in FIELD_IDS)) setFormError(err.message);
      } else {
        setFormError(err instanceof Error ? err.message : 'Gagal menyimpan berita.');
      }
    }
  };

  const openPreview = () => {
    setFormError(undefined);
    preview.mutate(
      { id: article?.id ?? null, input: fields() },
      {
        onSuccess: (p) => {
          setShown(p);
          window.scrollTo({ top: 0 });
        },
        onError: (err) => {
          if (err instanceof ApiError && Object.keys(err.fields).length) showErrors(err.fields);
          setFormError(err.message);
        },
      },
    );
  };

  const stateText =
    state === null
      ? 'Belum disimpan.'
      : state === 'draft'
        ? 'Draf: belum tampil di situs.'
        : state === 'scheduled'
          ? `Terjadwal: tampil sendiri pada ${formatWib(article!.publishedAt!)}.`
          : `Terbit sejak ${formatWib(article!.publishedAt!)}.`;

  return (
    <>
      {shown ? (
        <section className="news-preview" aria-labelledby="news-preview-label">
          <div className="news-preview-bar">
            <p id="news-preview-label">
              <strong>Pratinjau</strong>: tampilan persis seperti di halaman publik. Perubahan belum
              tersimpan.
            </p>
            <button
              type="button"
              className="btn btn-primary"
              autoFocus
              onClick={() => setShown(null)}
            >
              Kembali Menyunting
            </button>
          </div>
          <div className="news-preview-frame">
            <div className="news-page">
              <ArticleView article={shown} />
            </div>
          </div>
        </section>
      ) : null}
      <form
        className="card news-editor"
        hidden={shown !== null}
        noValidate
        aria-label={article ? `Ubah berita ${article.title}` : 'Tulis berita baru'}
        onSubmit={(e) => {
          e.preventDefault();
          void save(state === null || state === 'draft' ? 'draft' : 'keep');
        }}
      >
        <h2>{article ? 'Ubah Berita' : 'Tambah Berita'}</h2>
        {formError ? <Alert kind="error">{formError}</Alert> : null}
        <TextField
          id="article-title"
          label="Judul"
          value={title}
          maxLength={ARTICLE_LIMITS.titleMax + 20}
          error={errors.title}
          hint={article ? `Alamat tetap: /berita/${article.slug}` : undefined}
          onChange={(e) => {
            setTitle(e.target.value);
            changed('title');
          }}
        />
        <div className="field">
          <label htmlFor="article-summary">Ringkasan</label>
          <textarea
            id="article-summary"
            rows={3}
            value={summary}
            aria-invalid={errors.summary ? true : undefined}
            aria-describedby={`article-summary-hint${errors.summary ? ' article-summary-error' : ''}`}
            onChange={(e) => {
              setSummary(e.target.value);
              changed('summary');
            }}
          />
          <p
            className={summary.length > ARTICLE_LIMITS.summaryMax ? 'field-error' : 'field-hint'}
            id="article-summary-hint"
          >
            {summary.length}/{ARTICLE_LIMITS.summaryMax} karakter. Tampil di daftar berita dan
            pratinjau tautan saat dibagikan.
          </p>
          {errors.summary ? (
            <p className="field-error" id="article-summary-error" role="alert">
              {errors.summary}
            </p>
          ) : null}
        </div>
        <SelectField
          id="article-category"
          label="Kategori"
          options={ARTICLE_CATEGORIES}
          value={category}
          error={errors.category}
          onChange={(e) => {
            setCategory(e.target.value as ArticleCategory);
            changed('category');
          }}
        />
        <CoverField
          id="article-cover"
          value={cover}
          onChange={(c) => {
            setCover(c);
            changed('cover', 'coverSmall');
          }}
          error={errors.cover}
        />
        <RichTextEditor
          id="article-body"
          label="Isi"
          initialHtml={body}
          onChange={(html) => {
            setBody(html);
            changed('body');
          }}
          error={errors.body}
          hint="Gunakan judul bagian, daftar dan tautan seperlunya. Gambar dan skrip tidak dimuat."
        />
        <fieldset className="plain-fieldset news-publication">
          <legend>Penerbitan</legend>
          <p className="news-state-text">
            {stateText}{' '}
            {state === 'published' && article ? (
              <Link to={paths.artikel(article.slug)} target="_blank" rel="noopener">
                Lihat di situs
              </Link>
            ) : null}
          </p>
          {state !== 'published' ? (
            <TextField
              id="article-publish-at"
              label="Jadwal terbit (WIB)"
              type="datetime-local"
              value={publishAt}
              error={errors.publishAt}
              hint="Isi lalu tekan Jadwalkan: berita tampil sendiri pada waktunya."
              onChange={(e) => {
                setPublishAt(e.target.value);
                changed('publishAt');
              }}
            />
          ) : null}
        </fieldset>
        <div className="news-editor-actions">
          <button
            type="button"
            className="btn btn-outline"
            disabled={preview.isPending || busy}
            onClick={openPreview}
          >
            {preview.isPending ? 'Menyiapkan...' : 'Pratinjau'}
          </button>
          {state === null || state === 'draft' ? (
            <button type="submit" className="btn btn-outline" disabled={busy}>
              Simpan Draf
            </button>
          ) : (
            <button type="submit" className="btn btn-outline" disabled={busy}>
              Simpan Perubahan
            </button>
          )}
          {state !== 'published' ? (
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => void save('publish')}
            >
              Terbitkan
            </button>
          ) : null}
          {state !== 'published' ? (
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => void save('schedule')}
            >
              {state === 'scheduled' ? 'Ubah Jadwal' : 'Jadwalkan'}
            </button>
          ) : null}
          {state === 'published' || state === 'scheduled' ? (
            <button
              type="button"
              className="btn btn-outline btn-danger-outline"
              disabled={busy}
              onClick={() => void save('draft')}
            >
              Tarik ke Draf
            </button>
          ) : null}
          <button type="button" className="btn btn-outline" disabled={busy} onClick={onCancel}>
            Batal
          </button>
        </div>
        {busy ? (
          <p role="status" className="field-hint">
            Menyimpan...
          </p>
        ) : null}
      </form>
    </>
  );
}
