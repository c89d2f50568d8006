import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import {
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_IMAGE_UPLOAD_PATH,
  RICH_TEXT_MAX_CHARS,
  richTextMessages,
  type ContentImage,
} from '@psy/contracts';
import Image from '@tiptap/extension-image';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Input, Modal, Progress, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { toast } from '../../lib/toast';
import { fileProblem, IMAGE_TYPES, uploadFile } from '../../lib/upload';
import styles from './rich-text.module.css';

export interface RichTextEditorProps {
  /** HTML; the editor follows a new value only when it differs from what it last reported. */
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  /** Minimum height of the writing area, in px. */
  minHeight?: number;
  /** Images go to POST /api/uploads/image; false hides the image button. */
  images?: boolean;
  'aria-label'?: string;
}

/**
 * The one rich-text editor (news bodies, text lessons): headings, emphasis, lists, quotes,
 * links and uploaded images. It writes HTML that the server sanitises again with the same
 * allow-list (`apps/server/src/lib/rich-text.ts`); works as an antd Form.Item control.
 */
export function RichTextEditor({
  value,
  onChange,
  placeholder = '请输入正文',
  minHeight = 280,
  images = true,
  'aria-label': ariaLabel = '正文',
}: RichTextEditorProps) {
  const last = useRef(value ?? '');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
      Image.configure({ inline: false, allowBase64: false }),
      Placeholder.configure({ placeholder }),
    ],
    content: value ?? '',
    editorProps: { attributes: { class: styles.content ?? '', 'aria-label': ariaLabel, role: 'textbox' } },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      last.current = html;
      onChange?.(html);
    },
  });

  // A value set from outside (a loaded draft, a form reset) replaces the content.
  useEffect(() => {
    if (!editor || (value ?? '') === last.current) return;
    last.current = value ?? '';
    editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  const length = value?.length ?? 0;
  return (
    <div className={styles.editor}>
      {editor && <Toolbar editor={editor} images={images} />}
      <div style={{ minHeight }} className={styles.area} onClick={() => editor?.commands.focus()}>
        <EditorContent editor={editor} />
      </div>
      <div className={styles.footer}>
        <Typography.Text type={length > RICH_TEXT_MAX_CHARS ? 'danger' : 'secondary'}>
          {length > RICH_TEXT_MAX_CHARS
            ? richTextMessages.tooLong
            : `${length.toLocaleString()} / ${RICH_TEXT_MAX_CHARS.toLocaleString()}`}
        </Typography.Text>
      </div>
    </div>
  );
}

function Toolbar({ editor, images }: { editor: Editor; images: boolean }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div className={styles.toolbar} role="toolbar" aria-label="格式">
      <Tool label="二级标题" active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        H2
      </Tool>
      <Tool label="三级标题" active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        H3
      </Tool>
      <Divider type="vertical" />
      <Tool
        label="加粗"
        active={state.bold}
        onClick={() => chain().toggleBold().run()}
        icon={<BoldOutlined />}
      />
      <Tool
        label="斜体"
        active={state.italic}
        onClick={() => chain().toggleItalic().run()}
        icon={<ItalicOutlined />}
      />
      <Tool
        label="下划线"
        active={state.underline}
        onClick={() => chain().toggleUnderline().run()}
        icon={<UnderlineOutlined />}
      />
      <Tool
        label="删除线"
        active={state.strike}
        onClick={() => chain().toggleStrike().run()}
        icon={<StrikethroughOutlined />}
      />
      <Divider type="vertical" />
      <Tool
        label="无序列表"
        active={state.bullet}
        onClick={() => chain().toggleBulletList().run()}
        icon={<UnorderedListOutlined />}
      />
      <Tool
        label="有序列表"
        active={state.ordered}
        onClick={() => chain().toggleOrderedList().run()}
        icon={<OrderedListOutlined />}
      />
      <Tool label="引用" active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        “ ”
      </Tool>
      <LinkTool editor={editor} active={state.link} />
      {images && <ImageTool editor={editor} />}
      <Divider type="vertical" />
      <Tool
        label="撤销"
        disabled={!state.canUndo}
        onClick={() => chain().undo().run()}
        icon={<UndoOutlined />}
      />
      <Tool
        label="重做"
        disabled={!state.canRedo}
        onClick={() => chain().redo().run()}
        icon={<RedoOutlined />}
      />
    </div>
  );
}

function Tool({
  label,
  active,
  disabled,
  onClick,
  icon,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        icon={icon}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

function LinkTool({ editor, active }: { editor: Editor; active: boolean }) {
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const valid = /^(https?:\/\/|mailto:|\/)/i.test(href.trim());
  const apply = () => {
    const url = href.trim();
    if (!url) editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    setOpen(false);
  };
  return (
    <>
      <Tool
        label="链接"
        active={active}
        icon={<LinkOutlined />}
        onClick={() => {
          setHref((editor.getAttributes('link').href as string | undefined) ?? '');
          setOpen(true);
        }}
      />
      <Modal
        title="插入链接"
        open={open}
        onCancel={() => setOpen(false)}
        onOk={apply}
        okButtonProps={{ disabled: href.trim() !== '' && !valid }}
        okText={href.trim() ? '确定' : '移除链接'}
        destroyOnHidden
      >
        <Input
          autoFocus
          value={href}
          onChange={(e) => setHref(e.target.value)}
          onPressEnter={() => (href.trim() === '' || valid) && apply()}
          placeholder="https://… 或站内路径，如 /app/news"
          status={href.trim() && !valid ? 'error' : undefined}
        />
        {href.trim() && !valid && (
          <Typography.Text type="danger">链接须以 http://、https://、mailto: 或 / 开头</Typography.Text>
        )}
      </Modal>
    </>
  );
}

function ImageTool({ editor }: { editor: Editor }) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const pick = async (file: File) => {
    const problem = fileProblem(file, { types: IMAGE_TYPES, maxBytes: CONTENT_IMAGE_MAX_BYTES });
    if (problem) {
      toast.error(problem);
      return;
    }
    abort.current = new AbortController();
    setProgress(0);
    try {
      const image = await uploadFile<ContentImage>(CONTENT_IMAGE_UPLOAD_PATH, file, {
        onProgress: setProgress,
        signal: abort.current.signal,
      });
      editor
        .chain()
        .focus()
        .setImage({ src: image.url, alt: file.name.replace(/\.[^.]+$/, '') })
        .run();
    } catch {
      /* the upload helper has told the user */
    } finally {
      setProgress(null);
      abort.current = null;
    }
  };
  return (
    <>
      <Tool
        label="插入图片"
        icon={<PictureOutlined />}
        onClick={() => input.current?.click()}
        disabled={progress !== null}
      />
      <input
        ref={input}
        type="file"
        hidden
        accept={IMAGE_TYPES.join(',')}
        aria-label="选择图片"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void pick(file);
        }}
      />
      {progress !== null && (
        <span className={styles.progress}>
          <Progress percent={progress} size="small" style={{ width: 120, margin: 0 }} />
          <Button size="small" type="link" onClick={() => abort.current?.abort()}>
            取消
          </Button>
        </span>
      )}
    </>
  );
}
