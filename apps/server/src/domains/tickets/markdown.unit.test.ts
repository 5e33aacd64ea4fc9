import { describe, expect, it } from 'vitest';
import { staffAnswerHtml } from './markdown.js';

describe('staffAnswerHtml', () => {
  it('renders the Markdown staff write: emphasis, lists, code, links and line breaks', () => {
    const html = staffAnswerHtml(
      'Hi,\n**restart** the VM:\n\n1. Stop\n2. Start\n\nSee `dmesg` and [the guide](https://docs.example/x).',
    );
    expect(html).toContain('<strong>restart</strong>');
    expect(html).toContain('Hi,<br />');
    expect(html).toMatch(/<ol>\s*<li>Stop<\/li>\s*<li>Start<\/li>\s*<\/ol>/);
    expect(html).toContain('<code>dmesg</code>');
    expect(html).toContain(
      '<a href="https://docs.example/x" target="_blank" rel="noopener noreferrer nofollow">the guide</a>',
    );
  });

  it('drops scripts, event handlers, images and javascript: links written into the Markdown', () => {
    const html = staffAnswerHtml(
      '<script>alert(1)</script><img src=x onerror=alert(2)> <b onclick="alert(4)">b</b>\n\n[x](javascript:alert(3)) ![i](https://evil.example/i.png)',
    );
    expect(html).not.toMatch(/<script|onerror|onclick|href="javascript:|<img/i);
    expect(html).toContain('<b>b</b>');
  });
});
