import { UPLOAD_PATH } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import { richTextIsEmpty, richTextToPlain, sanitizeRichText } from './rich-text';

const ours = `${UPLOAD_PATH}content-1a2b.webp`;

describe('sanitizeRichText', () => {
  it('keeps harmless formatting as written', () => {
    const html =
      '<h2>标题</h2><p><strong>粗体</strong> <em>斜体</em> <u>下划线</u> <s>删除</s></p>' +
      '<ul><li>一</li></ul><ol start="3"><li>三</li></ol><blockquote>引用</blockquote><hr>' +
      '<pre><code>x</code></pre>';
    expect(sanitizeRichText(html)).toBe(html.replace('<hr>', '<hr />'));
  });

  it('drops scripts with their content, and event handlers', () => {
    expect(sanitizeRichText('<p>你好<script>alert(1)</script></p>')).toBe('<p>你好</p>');
    expect(sanitizeRichText(`<img src="${ours}" onerror="alert(1)">`)).toBe(`<img src="${ours}" />`);
    expect(sanitizeRichText('<p onclick="x()">段落</p>')).toBe('<p>段落</p>');
    expect(sanitizeRichText('<svg><script>alert(1)</script></svg>后文')).toBe('后文');
  });

  it('drops javascript: and data: links but keeps their text', () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">点我</a>')).toBe('<a>点我</a>');
    expect(sanitizeRichText('<a href="JaVaScRiPt:alert(1)">点我</a>')).toBe('<a>点我</a>');
    expect(sanitizeRichText('<a href="data:text/html,x">点我</a>')).toBe('<a>点我</a>');
  });

  it('opens outside links safely and keeps our own links plain', () => {
    expect(sanitizeRichText('<a href="https://example.org/a" target="_self">外链</a>')).toBe(
      '<a href="https://example.org/a" target="_blank" rel="noopener noreferrer nofollow">外链</a>',
    );
    expect(sanitizeRichText('<a href="/course/detail?id=1" rel="opener">课程</a>')).toBe(
      '<a href="/course/detail?id=1">课程</a>',
    );
  });

  it('keeps images only from our uploads', () => {
    expect(sanitizeRichText(`<p><img src="${ours}" alt="图"></p>`)).toBe(
      `<p><img src="${ours}" alt="图" /></p>`,
    );
    expect(sanitizeRichText('<p><img src="https://evil.example/x.png">文</p>')).toBe('<p>文</p>');
    expect(sanitizeRichText(`<img src="${UPLOAD_PATH}../secret">`)).toBe('');
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA">')).toBe('');
  });

  it('removes style injection: style tags, style and class attributes', () => {
    expect(
      sanitizeRichText('<style>body{display:none}</style><p style="position:fixed" class="x">文</p>'),
    ).toBe('<p>文</p>');
    expect(sanitizeRichText('<iframe src="https://x"></iframe><form><input></form>正文')).toBe('正文');
  });
});

describe('richTextToPlain / richTextIsEmpty', () => {
  it('reads the text and knows an empty body', () => {
    expect(richTextToPlain('<p>焦虑&amp;抑郁</p>\n<p>  睡眠 </p>')).toBe('焦虑&抑郁 睡眠');
    expect(richTextIsEmpty('<p> </p><p><br></p>')).toBe(true);
    expect(richTextIsEmpty(`<p><img src="${ours}"></p>`)).toBe(false);
  });
});
