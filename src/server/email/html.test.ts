import { describe, expect, it } from 'vitest';
import { escapeHtml } from '@/lib/text';
import { html, trustedHtml } from './html';

describe('html', () => {
  it('escapes interpolated text, in content and in attributes', () => {
    const name = `<script>alert("x")</script> & 'co'`;
    expect(html`<a title="${name}">${name}</a>`.value).toBe(
      '<a title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</a>',
    );
  });

  it('does not escape nested templates twice and joins lists', () => {
    const items = ['a < b', 'c & d'].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}</ul>`.value).toBe('<ul><li>a &lt; b</li><li>c &amp; d</li></ul>');
  });

  it('renders nothing for null, undefined and false, and numbers as text', () => {
    expect(html`${null}${undefined}${false}${0}${12.5}`.value).toBe('012.5');
  });

  it('inserts trusted HTML as it is', () => {
    expect(html`<div>${trustedHtml('<p>déjà nettoyé</p>')}</div>`.value).toBe(
      '<div><p>déjà nettoyé</p></div>',
    );
  });

  it('escapes the five special characters only', () => {
    expect(escapeHtml(`été <&>"'`)).toBe('été &lt;&amp;&gt;&quot;&#39;');
  });
});
