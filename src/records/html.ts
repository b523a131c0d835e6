// HTML for the report of an output directory (`solitaire report`, src/cli/report.ts): escaping,
// tables that sort when a header is clicked, and the page around them. Self-contained: the style
// and the few lines of script are inline, nothing is fetched, so the file can be mailed or opened
// offline; the charts go in as inline SVG.

/** Text made safe inside HTML elements and attribute values. */
export function esc(text: string | number): string {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A table cell: its text, and optionally a class (colour) and a sort key other than its text. */
export interface Cell {
  text: string | number;
  cls?: string;
  sort?: string | number;
}

export interface TableOptions {
  id: string;
  caption?: string;
  /** Right-aligned (number) columns, by index; the id must then be a plain name (letters, digits, -). */
  numeric?: number[];
  /** Sortable by a click on a header (the default); the page's script does it. */
  sortable?: boolean;
}

/**
 * A table: head, then body rows. Closing tags of cells and rows are left out and classes unquoted
 * (HTML allows both), and numeric columns are right-aligned by a rule of the table's own rather than
 * a class per cell, which keeps the per-deal tables of 2,000 deals small.
 */
export function htmlTable(head: string[], rows: (string | number | Cell)[][], o: TableOptions): string {
  const cell = (c: string | number | Cell) => {
    const x: Cell = typeof c === 'object' ? c : { text: c };
    return `<td${x.cls ? ` class=${x.cls}` : ''}${x.sort !== undefined ? ` data-v="${esc(x.sort)}"` : ''}>${esc(x.text)}`;
  };
  const sortable = o.sortable ?? true;
  const id = esc(o.id);
  const right = (o.numeric ?? []).map((i) => `#${id} td:nth-child(${i + 1}),#${id} th:nth-child(${i + 1})`).join(',');
  const style = right ? `<style>${right}{text-align:right}</style>` : '';
  const th = head.map((h) => `<th${sortable ? ' title="sort"' : ''}>${esc(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map(cell).join('')}`).join('\n');
  const caption = o.caption ? `<caption>${esc(o.caption)}</caption>` : '';
  return `${style}<table id="${id}"${sortable ? ' class="sortable"' : ''}>${caption}<thead><tr>${th}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

const STYLE = `
body{font-family:"DejaVu Sans",Verdana,sans-serif;color:#222;margin:0 auto;max-width:1500px;padding:0 24px 48px;line-height:1.45}
h1{font-size:1.6em;margin:24px 0 4px}h2{margin-top:40px;border-bottom:1px solid #ccc}h3{margin-top:28px}
nav a{margin-right:14px}p.note{color:#555;max-width:70em}
table{border-collapse:collapse;margin:10px 0 18px;font-size:13px}caption{text-align:left;font-weight:bold;padding:4px 0}
th,td{border:1px solid #ddd;padding:2px 8px;text-align:left;white-space:nowrap}th{background:#f3f3f3}
table.sortable th{cursor:pointer}th[aria-sort=ascending]::after{content:" \\25B2"}th[aria-sort=descending]::after{content:" \\25BC"}
td.w{background:#1f5fa8;color:#fff}td.u{background:#b9d3ee}td.l{background:#c8553d;color:#fff}
figure{margin:18px 0;overflow-x:auto}figure svg{max-width:none;height:auto}details{margin:8px 0}summary{cursor:pointer;font-weight:bold}
dl.legend dt{font-weight:bold;float:left;clear:left;width:11em}dl.legend dd{margin-left:11.5em}pre{background:#f6f6f6;padding:10px;overflow-x:auto;font-size:12px}
.scroll{max-height:640px;overflow:auto;display:inline-block;max-width:100%}.wide{overflow-x:auto}`;

// Click a header: sort its table's rows by that column (numbers as numbers, data-v when a cell has
// one), ascending, then descending on a second click.
const SCRIPT = `
for (const th of document.querySelectorAll('table.sortable th')) th.addEventListener('click', () => {
  const table = th.closest('table'), i = th.cellIndex, up = th.getAttribute('aria-sort') !== 'ascending';
  const key = (tr) => { const c = tr.cells[i], v = c.dataset.v ?? c.textContent, n = Number(v.replace(/[%,]/g, '')); return v !== '' && !isNaN(n) ? n : v; };
  const rows = [...table.tBodies[0].rows].sort((a, b) => { const x = key(a), y = key(b);
    return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) * (up ? 1 : -1); });
  for (const h of table.tHead.rows[0].cells) h.removeAttribute('aria-sort');
  th.setAttribute('aria-sort', up ? 'ascending' : 'descending');
  table.tBodies[0].append(...rows);
});`;

/** The whole page: title, body, and the inline style and sorting script; the body's own style rules (htmlTable's) move into the head. */
export function htmlPage(title: string, body: string): string {
  const rules: string[] = [];
  const content = body.replace(/<style>([^<]*)<\/style>/g, (_, css: string) => {
    rules.push(css);
    return '';
  });
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${STYLE}
${rules.join('\n')}
</style>
</head>
<body>
${content}
<script>${SCRIPT}
</script>
</body>
</html>
`;
}
