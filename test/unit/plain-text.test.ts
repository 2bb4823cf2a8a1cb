import { escapeHtml, plainName } from '../../src/features/mail/plain-text';

test('plainName: one line, no control or invisible characters, no link a mail client would make', () => {
  expect(plainName('Acme Inc.')).toBe('Acme Inc.');
  expect(plainName('  Invitations & Co  ')).toBe('Invitations & Co');
  expect(plainName('a\r\nBcc: b\tc\u0000d\u2028e\u2029f\u0085g')).toBe('a Bcc: b c d e f g');
  expect(plainName('evil.com')).toBe('evil[.]com');
  expect(plainName('http://x/y')).toBe('http[:]//x/y');
  // Look-alike dots are folded (NFKC) or treated as dots (IDNA reads U+3002 as one).
  expect(plainName('evil\uFF0Ecom evil\u3002com evil\uFF61com')).toBe('evil[.]com evil[.]com evil[.]com');
  // Zero-width characters cannot hide a dot's neighbours, bidi overrides are gone.
  expect(plainName('evil\u200B.\u200Dcom \u202Eexe')).toBe('evil[.]com exe');
  expect(plainName('x'.repeat(300))).toHaveLength(200);
  expect(plainName('x'.repeat(300)).endsWith('…')).toBe(true);
});

test('escapeHtml escapes the five characters that matter', () => {
  expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
});
