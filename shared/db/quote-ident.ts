/** An SQL identifier (table, database) in double quotes, embedded quotes doubled: safe to splice into SQL. */
export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;
