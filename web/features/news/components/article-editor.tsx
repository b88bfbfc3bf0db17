import { ClientOnly } from '../../../components/client-only.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from '../../../components/link.tsx';
import {
  ARTICLE_CATEGORIES,
  ARTICLE_LIMITS,
  articleSaveSchema,
  type ArticleCategory,
  type ArticleSaveInput,
  type PublicationAction,
} from '../../../../shared/schemas/articles.ts';
import { z } from '../../../../shared/validation.ts';
import { Alert } from '../../../components/alert.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { formatWib } from '../../../../shared/wib.ts';
import { isoToWibInput, wibInputToIso } from '../../../lib/wib.ts';
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

/**
 * Field name -> the id of the control to focus when it is wrong, in page order. The body and the
 * cover are no plain inputs react-hook-form can focus, so the form focuses the first wrong field
 * itself.
 */
const FIELD_IDS = {
  title: 'article-title',
  summary: 'article-summary',
  category: 'article-category',
  // The cover's error focuses its button (the file control itself is hidden).
  cover: 'article-cover-choose',
  coverSmall: 'article-cover-choose',
  body: 'article-body',
  publishAt: 'article-publish-at',
} as const;
const fields = Object.keys(FIELD_IDS) as (keyof typeof FIELD_IDS)[];

/**
 * What the form holds: the API input, with the schedule as the datetime-local value (WIB) and the
 * action set by the button that saves.
 */
type Values = Required<Omit<ArticleSaveInput, 'publishAt'>> & { publishAt: string };

const hasText = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() !== '';

/**
 * The server's rules on what the form sends: the schedule (only when scheduling) as an instant.
 * What goes public (publish, schedule, or `keep`, which only a scheduled or published article
 * offers) needs a body to read. The result is the API input.
 */
const articleFormSchema = z
  .custom<Values>()
  .transform(({ publishAt, ...v }): ArticleSaveInput => ({
    ...v,
    ...(v.action === 'schedule' && publishAt ? { publishAt: wibInputToIso(publishAt) } : {}),
  }))
  .pipe(articleSaveSchema)
  .refine((v) => v.action === 'draft' || hasText(v.body), {
    path: ['body'],
    error: 'Isi berita wajib diisi sebelum diterbitkan.',
  })
  .transform(({ publishAt, ...v }): ArticleSaveInput => ({
    ...v,
    ...(publishAt ? { publishAt: publishAt.toISOString() } : {}),
  }));

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
  const [cover, setCover] = useState<Cover>(
    article?.cover && article.coverSmall && article.coverSmallUrl
      ? { cover: article.cover, coverSmall: article.coverSmall, previewUrl: article.coverSmallUrl }
      : null,
  );
  const {
    register,
    control,
    handleSubmit,
    formState,
    setError,
    clearErrors,
    setValue,
    getValues,
    getFieldState,
  } = useForm<Values, unknown, ArticleSaveInput>({
    resolver: zodResolver(articleFormSchema),
    // A field's message goes once the field is changed; the next save checks again.
    reValidateMode: 'onSubmit',
    // focusFirstError does it, the body and the cover included.
    shouldFocusError: false,
    defaultValues: {
      title: article?.title ?? '',
      summary: article?.summary ?? '',
      category: (ARTICLE_CATEGORIES as readonly string[]).includes(article?.category ?? '')
        ? (article!.category as ArticleCategory)
        : 'Berita',
      body: article?.body ?? '',
      cover: cover?.cover ?? null,
      coverSmall: cover?.coverSmall ?? null,
      action: 'draft',
      publishAt:
        article?.state === 'scheduled' && article.publishedAt
          ? isoToWibInput(article.publishedAt)
          : '',
    },
  });
  const summary = useWatch({ control, name: 'summary' });
  const [formError, setFormError] = useState<string>();
  const [shown, setShown] = useState<ArticleViewData | null>(null);
  const e = formState.errors;
  const busy = create.isPending || update.isPending;
  const state = article?.state ?? null;

  /** Registers an input whose message goes once it is changed. */
  const fieldProps = (name: 'title' | 'summary' | 'category' | 'publishAt') =>
    register(name, { onChange: () => clearErrors(name) });

  const focusFirstError = () => {
    const first = fields.find((f) => getFieldState(f).invalid);
    if (first) document.getElementById(FIELD_IDS[first])?.focus();
  };

  const save = (action: PublicationAction) => {
    setFormError(undefined);
    setValue('action', action);
    void handleSubmit(async (input) => {
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
        setFormError(applyServerErrors(err, setError, fields, 'Gagal menyimpan berita.'));
        focusFirstError();
      }
    }, focusFirstError)();
  };

  const openPreview = () => {
    setFormError(undefined);
    const v = getValues();
    preview.mutate(
      {
        id: article?.id ?? null,
        input: {
          title: v.title,
          summary: v.summary,
          category: v.category,
          body: v.body,
          cover: v.cover,
          coverSmall: v.coverSmall,
        },
      },
      {
        onSuccess: (p) => {
          setShown(p);
          window.scrollTo({ top: 0 });
        },
        onError: (err) => {
          if (err instanceof ApiError && Object.keys(err.fields).length) {
            // The server's messages replace the ones shown.
            clearErrors();
            applyServerErrors(err, setError, fields);
            focusFirstError();
          }
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
        method="post"
        className="card news-editor"
        hidden={shown !== null}
        noValidate
        aria-label={article ? `Ubah berita ${article.title}` : 'Tulis berita baru'}
        onSubmit={(ev) => {
          ev.preventDefault();
          save(state === null || state === 'draft' ? 'draft' : 'keep');
        }}
      >
        <h2>{article ? 'Ubah Berita' : 'Tambah Berita'}</h2>
        {formError ? <Alert kind="error">{formError}</Alert> : null}
        <TextField
          id="article-title"
          label="Judul"
          maxLength={ARTICLE_LIMITS.titleMax + 20}
          error={e.title?.message}
          hint={article ? `Alamat tetap: /berita/${article.slug}` : undefined}
          {...fieldProps('title')}
        />
        <TextAreaField
          id="article-summary"
          label="Ringkasan"
          rows={3}
          error={e.summary?.message}
          hint={
            <span
              className={summary.length > ARTICLE_LIMITS.summaryMax ? 'field-error' : undefined}
            >
              {summary.length}/{ARTICLE_LIMITS.summaryMax} karakter. Tampil di daftar berita dan
              pratinjau tautan saat dibagikan.
            </span>
          }
          {...fieldProps('summary')}
        />
        <SelectField
          id="article-category"
          label="Kategori"
          options={ARTICLE_CATEGORIES}
          error={e.category?.message}
          {...fieldProps('category')}
        />
        <CoverField
          id="article-cover"
          value={cover}
          onChange={(c) => {
            setCover(c);
            setValue('cover', c?.cover ?? null);
            setValue('coverSmall', c?.coverSmall ?? null);
            clearErrors(['cover', 'coverSmall']);
          }}
          error={e.cover?.message}
        />
        <Controller
          control={control}
          name="body"
          render={({ field }) => (
            // The editor works on the browser's document: it is not part of the server's HTML.
            <ClientOnly fallback={<p role="status">Memuat editor...</p>}>
              <RichTextEditor
                id="article-body"
                label="Isi"
                initialHtml={field.value}
                onChange={(html) => {
                  field.onChange(html);
                  clearErrors('body');
                }}
                error={e.body?.message}
                hint="Gunakan judul bagian, daftar dan tautan seperlunya. Gambar dan skrip tidak dimuat."
              />
            </ClientOnly>
          )}
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
              error={e.publishAt?.message}
              hint="Isi lalu tekan Jadwalkan: berita tampil sendiri pada waktunya."
              {...fieldProps('publishAt')}
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
              onClick={() => save('publish')}
            >
              Terbitkan
            </button>
          ) : null}
          {state !== 'published' ? (
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => save('schedule')}
            >
              {state === 'scheduled' ? 'Ubah Jadwal' : 'Jadwalkan'}
            </button>
          ) : null}
          {state === 'published' || state === 'scheduled' ? (
            <button
              type="button"
              className="btn btn-outline btn-danger-outline"
              disabled={busy}
              onClick={() => save('draft')}
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
