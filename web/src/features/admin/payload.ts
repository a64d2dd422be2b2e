/** Labels of the fields the site's forms store; anything else is labelled from its key ("businessName" → "Business name"). */
const LABELS: Record<string, string> = {
  fullName: 'Full name',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  businessIdea: 'Business idea',
  financialNeed: 'Financial need',
  communityImpact: 'Community impact vision',
  experience: 'Experience',
  commitment: 'Commitment',
  termsAccepted: 'Terms accepted',
  goals: 'Goals',
  availability: 'Availability',
  sector: 'Sector',
  timeCommitment: 'Time commitment',
};

/** A readable label for a payload key. */
export function fieldLabel(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

/** A payload value as text: Yes/No for booleans, '—' for empty, JSON for nested values. */
export function fieldValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) return value.map(fieldValue).join(', ');
  return JSON.stringify(value, null, 2);
}

const ORDER = Object.keys(LABELS);
const rank = (key: string) => {
  const i = ORDER.indexOf(key);
  return i === -1 ? ORDER.length : i;
};

/**
 * The payload as label/value pairs: the site's fields in form order, any others after them alphabetically
 * (Postgres jsonb does not keep the order keys were written in).
 */
export function payloadPairs(payload: Record<string, unknown>): Array<{ key: string; label: string; value: string }> {
  return Object.keys(payload)
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((key) => ({ key, label: fieldLabel(key), value: fieldValue(payload[key]) }));
}
