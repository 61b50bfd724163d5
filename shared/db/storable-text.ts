/** PostgreSQL text cannot hold U+0000: no stored value has one, and comparing a column with one fails the query. */
export const cannotBeStored = (text: string): boolean => text.includes('\u0000');
