/**
 * The e-mail list of Add Users (docs/product.md §5): split on commas and newlines, trimmed, only entries with an
 * '@' kept; duplicates (ignoring case) are dropped.
 */
export function splitEmails(text: string): string[] {
  return addresses(text.split(/[,\r\n]+/).map((entry) => entry.trim()));
}

/** The entries holding an '@', each once: of those equal but for case, the first as it was written. */
function addresses(entries: string[]): string[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const key = entry.toLowerCase();
    if (!entry.includes('@') || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The first column of one CSV line, with surrounding quotes removed ("a@x.com","Ann" → a@x.com). */
function firstColumn(line: string): string {
  const text = line.replace(/^\uFEFF/, '').trim();
  if (text.startsWith('"')) {
    let value = '';
    for (let i = 1; i < text.length; i++) {
      const char = text[i];
      if (char === '"') {
        if (text[i + 1] === '"') {
          value += '"';
          i++;
          continue;
        }
        return value.trim();
      }
      value += char;
    }
    return value.trim();
  }
  return text.split(/[,;\t]/)[0].trim();
}

/** CSV upload (docs/product.md §5): the first column of each line, keeping lines whose value contains '@'. */
export function parseCsvEmails(csv: string): string[] {
  return addresses(csv.split(/\r\n|\n|\r/).map(firstColumn));
}

/** Adds loaded addresses to what is already typed, one per line, without repeating any. */
export function mergeEmailText(current: string, added: string[]): string {
  const existing = splitEmails(current);
  const known = new Set(existing.map((email) => email.toLowerCase()));
  const fresh = added.filter((email) => !known.has(email.toLowerCase()));
  const base = current.trim();
  if (!fresh.length) return current;
  return base ? `${base}\n${fresh.join('\n')}` : fresh.join('\n');
}

export const loadedMessage = (count: number) => `Loaded ${count} email address${count === 1 ? '' : 'es'}`;

export const INVITE_MESSAGES = {
  noSet: 'Please select a permission set',
  noEmails: 'Please enter at least one valid email address',
} as const;

/** The first problem with an Add Users form, or null when it can be sent. */
export function validateInvitation(emailsText: string, permissionSetId: string): string | null {
  if (!splitEmails(emailsText).length) return INVITE_MESSAGES.noEmails;
  if (!permissionSetId) return INVITE_MESSAGES.noSet;
  return null;
}

/** docs/product.md §5: the Invite User e-mail is required. */
export function validateInviteEmail(email: string): string | null {
  return email.trim() ? null : 'Please enter an email address';
}
