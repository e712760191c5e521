import 'server-only';
import { escapeHtml } from '@/lib/text';

/**
 * HTML built by the `html` tag: its interpolated values were escaped (or were themselves SafeHtml), so it can be
 * interpolated again without being escaped twice.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/**
 * Server-side HTML templates (e-mails): every `${value}` is escaped unless it is SafeHtml, arrays are joined and
 * null, undefined and false render nothing. React cannot render here: all server code runs under the
 * `react-server` condition, where react-dom/server refuses to load (decision 008).
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** HTML that is already safe (sanitised editorial HTML): inserted as it is. */
export function trustedHtml(value: string): SafeHtml {
  return new SafeHtml(value);
}
