/**
 * Text that users chose (an organization's name, a member's address) goes into mails that we
 * send, under our name. It must read as what it is, a name, and never as part of our message:
 * - one line: CR, LF, tabs, every other control character and the Unicode line and paragraph
 *   separators become a space; invisible format characters (zero-width spaces, bidirectional
 *   overrides) are removed; runs of spaces collapse; at most `max` characters (then "…"; organization names are
 *   at most 200 already);
 * - no links: mail clients turn anything that looks like an address into a link, in the plain
 *   text part as in the HTML part, so the text is "defanged" the way security reports quote
 *   hostile addresses: `://` becomes `[:]//` and a dot between two characters becomes `[.]`
 *   (`evil.com` → `evil[.]com`, `http://x` → `http[:]//x`). Full-width and ideographic dots are
 *   folded first (NFKC), so they cannot stand in for a dot;
 * - in HTML it is escaped besides (`escapeHtml`), so it is never markup.
 * docs/security.md ("Mail") describes this to users.
 */
const CONTROLS = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
const INVISIBLE = /\p{Cf}/gu;
// A dot (or the ideographic full stop, which IDNA reads as one) with a character on both sides.
const INNER_DOT = /(?<=\S)[.\u3002](?=\S)/gu;

/** One line of visible text, without defanging (for a URL the reader set and must recognise). */
export const singleLine = (value: string): string => value.normalize('NFKC').replace(CONTROLS, ' ').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();

export function plainName(value: string, max = 200): string {
  const line = singleLine(value);
  const chars = [...line];
  const cut = chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
  return cut.replace(/:\/\//g, '[:]//').replace(INNER_DOT, '[.]');
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);
