import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import '../../../styles/news.css';

/** Addresses a link may point to (the server keeps only these too). */
const SAFE_LINK = /^(https?:\/\/[^\s/]|mailto:[^\s/])/i;

type Tool = {
  key: string;
  /** The button's name; it holds the visible `text` when that is a word (WCAG 2.5.3). */
  label: string;
  text: string;
  /** Toggles report their state with aria-pressed; commands (undo) do not. */
  active?: (e: Editor) => boolean;
  run: (e: Editor) => void;
  disabled?: (e: Editor) => boolean;
};

const TOOLS: Tool[] = [
  {
    key: 'h2',
    label: 'Judul bagian H2',
    text: 'H2',
    active: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    key: 'h3',
    label: 'Subjudul H3',
    text: 'H3',
    active: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    key: 'bold',
    label: 'Tebal',
    text: 'B',
    active: (e) => e.isActive('bold'),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    key: 'italic',
    label: 'Miring',
    text: 'I',
    active: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    key: 'underline',
    label: 'Garis bawah',
    text: 'U',
    active: (e) => e.isActive('underline'),
    run: (e) => e.chain().focus().toggleUnderline().run(),
  },
  {
    key: 'strike',
    label: 'Coret',
    text: 'S',
    active: (e) => e.isActive('strike'),
    run: (e) => e.chain().focus().toggleStrike().run(),
  },
  {
    key: 'bullet',
    label: 'Daftar berpoin',
    text: '•',
    active: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    key: 'ordered',
    label: 'Daftar bernomor 1, 2, 3',
    text: '1.',
    active: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    key: 'quote',
    label: 'Kutipan',
    text: '❝',
    active: (e) => e.isActive('blockquote'),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  {
    key: 'undo',
    label: 'Urungkan',
    text: '↶',
    run: (e) => e.chain().focus().undo().run(),
    disabled: (e) => !e.can().undo(),
  },
  {
    key: 'redo',
    label: 'Ulangi',
    text: '↷',
    run: (e) => e.chain().focus().redo().run(),
    disabled: (e) => !e.can().redo(),
  },
];

/**
 * The rich text editor of an article body (Tiptap): headings 2–3, bold, italic, underline,
 * strike, lists, quotes and links, with a toolbar reachable by keyboard (one tab stop, arrow
 * keys between buttons). `onChange` gets the editor's HTML, '' when empty; the server sanitises
 * it before storing.
 */
export function RichTextEditor({
  id,
  label,
  initialHtml,
  onChange,
  error,
  hint,
}: {
  id: string;
  label: string;
  initialHtml: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  hint?: string;
}) {
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
          isAllowedUri: (url) => SAFE_LINK.test(url),
        },
      }),
    ],
    content: initialHtml,
    onUpdate: ({ editor: e }) => onChangeRef.current(e.isEmpty ? '' : e.getHTML()),
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: 'rte-content',
      },
    },
  });

  // Error and hint are tied to the editable area as they come and go.
  useEffect(() => {
    editor.setOptions({
      editorProps: {
        attributes: {
          id,
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          class: 'rte-content',
          ...(error ? { 'aria-invalid': 'true' } : {}),
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        },
      },
    });
  }, [editor, id, labelId, error, describedBy]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      active: Object.fromEntries(TOOLS.map((t) => [t.key, t.active ? t.active(e) : false])),
      disabled: Object.fromEntries(TOOLS.map((t) => [t.key, t.disabled ? t.disabled(e) : false])),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
    }),
  });

  return (
    <div className="field rte">
      <span className="rte-label" id={labelId} onClick={() => editor.commands.focus()}>
        {label}
      </span>
      <Toolbar
        editor={editor}
        active={state.active}
        disabled={state.disabled}
        link={state.link}
        href={state.href}
      />
      <div className={error ? 'rte-frame rte-invalid' : 'rte-frame'}>
        <EditorContent editor={editor} />
      </div>
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Toolbar({
  editor,
  active,
  disabled,
  link,
  href,
}: {
  editor: Editor;
  active: Record<string, boolean>;
  disabled: Record<string, boolean>;
  link: boolean;
  href: string;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [focusIndex, setFocusIndex] = useState(0);
  const [linkOpen, setLinkOpen] = useState(false);
  const count = TOOLS.length + 1;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: focusIndex + 1,
      ArrowLeft: focusIndex - 1,
      Home: 0,
      End: count - 1,
    };
    const target = moves[e.key];
    if (target === undefined) return;
    e.preventDefault();
    const next = (target + count) % count;
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };

  return (
    <>
      <div className="rte-toolbar" role="toolbar" aria-label="Format teks" onKeyDown={onKeyDown}>
        {TOOLS.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            className={`rte-button rte-${t.key}`}
            aria-label={t.label}
            title={t.label}
            aria-pressed={t.active ? Boolean(active[t.key]) : undefined}
            aria-disabled={disabled[t.key] ? true : undefined}
            tabIndex={i === focusIndex ? 0 : -1}
            onFocus={() => setFocusIndex(i)}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              if (!disabled[t.key]) t.run(editor);
            }}
          >
            <span aria-hidden="true">{t.text}</span>
          </button>
        ))}
        <button
          ref={(el) => {
            buttons.current[TOOLS.length] = el;
          }}
          type="button"
          className="rte-button rte-link"
          aria-label="Tautan"
          title="Tautan"
          aria-pressed={link}
          aria-expanded={linkOpen}
          aria-controls="rte-link-form"
          tabIndex={focusIndex === TOOLS.length ? 0 : -1}
          onFocus={() => setFocusIndex(TOOLS.length)}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => setLinkOpen((v) => !v)}
        >
          <svg
            aria-hidden="true"
            width="18"
            height="18"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5" />
            <path d="M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5" />
          </svg>
        </button>
      </div>
      {linkOpen ? (
        <LinkForm
          key={href}
          editor={editor}
          href={href}
          onClose={() => {
            setLinkOpen(false);
            buttons.current[TOOLS.length]?.focus();
          }}
        />
      ) : null}
    </>
  );
}

/** Sets, changes or removes the link on the selected text. */
function LinkForm({
  editor,
  href,
  onClose,
}: {
  editor: Editor;
  href: string;
  onClose: () => void;
}) {
  const [value, setValue] = useState(href);
  const [error, setError] = useState<string>();
  const inputId = useId();
  const apply = () => {
    const url = value.trim();
    if (!SAFE_LINK.test(url)) {
      setError('Alamat tautan harus diawali https://, http:// atau mailto:.');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the linked text.
      chain
        .insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] })
        .run();
    } else {
      chain.setLink({ href: url }).run();
    }
    onClose();
  };
  return (
    <div id="rte-link-form" className="rte-link-form" role="group" aria-label="Tautan">
      <div className="field">
        <label htmlFor={inputId}>Alamat tautan</label>
        <input
          id={inputId}
          type="url"
          value={value}
          placeholder="https://"
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
            if (e.key === 'Escape') {
              e.preventDefault();
              onClose();
            }
          }}
        />
        {error ? (
          <p className="field-error" id={`${inputId}-error`} role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="rte-link-actions">
        <button type="button" className="btn btn-primary btn-compact" onClick={apply}>
          Pasang Tautan
        </button>
        {href ? (
          <button
            type="button"
            className="btn btn-outline btn-compact"
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onClose();
            }}
          >
            Hapus Tautan
          </button>
        ) : null}
        <button type="button" className="btn btn-outline btn-compact" onClick={onClose}>
          Batal
        </button>
      </div>
    </div>
  );
}
