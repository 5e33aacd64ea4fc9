import { describe, expect, it } from 'vitest';
import { plainText, sanitizeNotice } from '../catalog/index.js';
import { excerpt, noticeBody } from './excerpt.js';

describe('notice HTML', () => {
  it('keeps a document’s formatting', () => {
    const html =
      '<h1>Maintenance</h1><p>On <strong>Sunday</strong> at <em>02:00</em>:</p><ul><li>hk</li></ul>' +
      '<blockquote>Quote</blockquote><pre><code>apt upgrade</code></pre><hr>' +
      '<table><thead><tr><th colspan="2">Region</th></tr></thead><tbody><tr><td>hk</td><td>jp</td></tr></tbody></table>';
    expect(sanitizeNotice(html)).toBe(
      '<h2>Maintenance</h2><p>On <strong>Sunday</strong> at <em>02:00</em>:</p><ul><li>hk</li></ul>' +
        '<blockquote>Quote</blockquote><pre><code>apt upgrade</code></pre><hr />' +
        '<table><thead><tr><th colspan="2">Region</th></tr></thead><tbody><tr><td>hk</td><td>jp</td></tr></tbody></table>',
    );
  });

  it('removes scripts, styles, handlers, frames, forms, images and javascript: links', () => {
    const html = [
      '<script>alert(1)</script>',
      '<style>body{display:none}</style>',
      '<p onclick="alert(2)" style="color:red" class="x" id="y">Hello</p>',
      '<img src="x" onerror="alert(3)">',
      '<iframe src="https://evil.example"></iframe>',
      '<form action="https://evil.example"><input name="p"></form>',
      '<a href="javascript:alert(4)">bad</a>',
      '<a href="JaVaScRiPt&colon;alert(5)">worse</a>',
      '<a href="//evil.example/x">relative</a>',
      '<svg><script>alert(6)</script></svg>',
      '<object data="x"></object><embed src="x">',
    ].join('');
    const safe = sanitizeNotice(html);
    expect(safe).toBe(
      '<p>Hello</p><a target="_blank" rel="noopener noreferrer nofollow">bad</a>' +
        '<a target="_blank" rel="noopener noreferrer nofollow">worse</a>' +
        '<a target="_blank" rel="noopener noreferrer nofollow">relative</a>',
    );
  });

  it('makes every link open a new tab that learns nothing of the console', () => {
    expect(sanitizeNotice('<a href="https://status.example.com" target="_self" rel="opener">status</a>')).toBe(
      '<a href="https://status.example.com" target="_blank" rel="noopener noreferrer nofollow">status</a>',
    );
  });

  it('is the same when sanitised twice', () => {
    const once = sanitizeNotice('<h1>T</h1><p>a &amp; b <a href="https://x.example">x</a></p><hr>');
    expect(sanitizeNotice(once)).toBe(once);
  });
});

describe('plain text of notice HTML', () => {
  it('separates blocks, decodes entities and keeps angle brackets as text', () => {
    expect(plainText('<h2>Title</h2><p>a &amp; b &lt;c&gt;</p><ul><li>one</li><li>two</li></ul>x<br />y')).toBe(
      'Title a & b <c> one two x y',
    );
  });

  it('is empty when the HTML has no text', () => {
    expect(plainText(sanitizeNotice('<script>alert(1)</script><p> </p><hr>'))).toBe('');
  });
});

describe('excerpt', () => {
  it('leaves short text alone', () => {
    expect(excerpt('Short notice.', 20)).toBe('Short notice.');
  });

  it('cuts after a whole word and adds an ellipsis', () => {
    expect(excerpt('The network in Hong Kong will be upgraded on Sunday night.', 30)).toBe(
      'The network in Hong Kong will…',
    );
  });

  it('cuts text without spaces at the limit, never inside a character', () => {
    const text = '我们将于本周日凌晨对香港机房的网络设备进行升级维护，期间可能出现短暂中断。';
    const cut = excerpt(text, 10);
    expect(Array.from(cut)).toHaveLength(10);
    expect(cut).toBe('我们将于本周日凌晨…');
    expect(excerpt('😀'.repeat(12), 5)).toBe('😀😀😀😀…');
  });

  it('is made from the notice’s text when it is written', () => {
    const body = noticeBody(`<p>${'word '.repeat(100)}</p><script>x</script>`);
    expect(body.summary.length).toBeLessThanOrEqual(200);
    expect(body.summary).toMatch(/^word( word)+…$/);
    expect(body.content).not.toContain('script');
  });
});
