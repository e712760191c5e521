import 'server-only';
import { escapeHtml } from '@/lib/text';

/**
 * The embedded simulators are standalone HTML documents (no site header or footer: they live in a frame).
 * Their forms use GET and are computed on the server, so they work without JavaScript and every result is a
 * shareable URL.
 */

const euro = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
const euroCents = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** 2 165 € (whole euros) or 7 300,50 € (cents shown only when there are some). */
export function formatEuros(amount: number): string {
  return Number.isInteger(amount) ? euro.format(amount) : euroCents.format(amount);
}

export type EmbedSource = {
  title: string;
  reference: string;
  year: number;
  url: string;
  /** Why this year's rules apply to a later year, for a page titled with that year (SimulatorView says it). */
  validity?: string;
};

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1a1f2b;background:#fff;line-height:1.5}
main{max-width:44rem;margin:0 auto;padding:1rem}h1{font-size:1.35rem;color:#0b3c6f;margin:0 0 .75rem}
form{display:grid;gap:.85rem;padding:1rem;background:#f4f6f9;border:1px solid #d9dde5;border-radius:6px}
label,legend{font-weight:600}input,select{display:block;width:100%;margin-top:.25rem;padding:.5rem;font:inherit;border:1px solid #4a5263;border-radius:4px;background:#fff;color:#1a1f2b}
fieldset{border:0;margin:0;padding:0}.inline{display:flex;gap:.5rem;align-items:center;font-weight:400}.inline input{width:auto;margin:0}
button{justify-self:start;padding:.6rem 1.2rem;font:inherit;font-weight:600;color:#fff;background:#0b3c6f;border:0;border-radius:4px;cursor:pointer}
button:hover{background:#072a4f}:focus-visible{outline:3px solid #1565c0;outline-offset:2px}
.result{margin-top:1rem;padding:1rem;border-left:4px solid #0b3c6f;background:#eef3f9}.result strong{font-size:1.3rem}
.error{color:#a4161a;font-weight:600}.source{margin-top:1rem;font-size:.9rem;color:#4a5263}dl{display:grid;grid-template-columns:auto auto;gap:.25rem 1rem;margin:.5rem 0 0}dd{margin:0;text-align:right}
`;

/** The whole document of a simulator: title, form, result and the official source with its year. */
export function embedDocument(parts: {
  title: string;
  form: string;
  result: string;
  source: EmbedSource;
}): string {
  const { title, form, result, source } = parts;
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main aria-label="${escapeHtml(title)}"><h1>${escapeHtml(title)}</h1>${form}<div aria-live="polite">${result}</div>
<p class="source">Source officielle (${escapeHtml(source.year)}) : ${escapeHtml(source.title)}, ${escapeHtml(source.reference)}. Résultat indicatif, qui ne remplace pas l’analyse d’un professionnel.</p>
</main></body></html>`;
}

/** A labelled number field keeping the submitted value. */
export function numberField(name: string, label: string, value: string, attributes = ''): string {
  return `<label for="${name}">${escapeHtml(label)}<input id="${name}" name="${name}" type="number" inputmode="decimal" min="0" step="any" value="${escapeHtml(value)}" required ${attributes}></label>`;
}

/** A labelled select keeping the submitted value. */
export function selectField(
  name: string,
  label: string,
  options: readonly { value: string; label: string }[],
  value: string,
): string {
  const items = options
    .map(
      (option) =>
        `<option value="${escapeHtml(option.value)}"${option.value === value ? ' selected' : ''}>${escapeHtml(option.label)}</option>`,
    )
    .join('');
  return `<label for="${name}">${escapeHtml(label)}<select id="${name}" name="${name}">${items}</select></label>`;
}

/** A number read from a query parameter written the French way or not (1 234,5); null when absent or invalid. */
export function readNumber(params: URLSearchParams, name: string): number | null {
  const raw = params.get(name)?.replace(/\s/g, '').replace(',', '.');
  if (!raw) return null;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

export function htmlResponse(body: string): Response {
  return new Response(body, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      // Only our own pages may frame the simulators.
      'content-security-policy': "frame-ancestors 'self'",
      'x-frame-options': 'SAMEORIGIN',
    },
  });
}
